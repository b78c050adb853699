/*
 * shogi-bridge board protocol 1.0 (firmware-interface/PROTOCOL.md): constants, the CRC-32, the frame encoder and the
 * streaming frame decoder, and readers and writers of message bodies.
 *
 * Portable C99 with no dynamic allocation and no dependency beyond <stdint.h> and <stddef.h>: it builds for an RP2040,
 * an ESP32 or an ATmega2560 (where int is 16 bits: every shift and sum here names its width). The Java twin of this
 * file is org.shogibridge.firmware.protocol; the two are tested against each other (FirmwareCoreTest).
 */
#ifndef SB_PROTOCOL_H
#define SB_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" { /* an Arduino sketch is C++ */
#endif

#define SB_VERSION_MAJOR 1
#define SB_VERSION_MINOR 0

/* Sizes. A payload is type, body and CRC-32; on the wire COBS adds a byte and the zero delimiter another. */
#define SB_CRC_BYTES 4
#define SB_MAX_PAYLOAD 253
#define SB_MAX_BODY (SB_MAX_PAYLOAD - 1 - SB_CRC_BYTES)
#define SB_MAX_FRAME (SB_MAX_PAYLOAD + 2)

/* Message types. */
enum {
    SB_HELLO = 0x01,
    SB_SYNC = 0x02,
    SB_SNAPSHOT = 0x03,
    SB_DELTA = 0x04,
    SB_BUTTON = 0x05,
    SB_PING = 0x06,
    SB_PONG = 0x07,
    SB_LEDS = 0x10,
    SB_ACK = 0x11,
    SB_ERROR = 0x7F
};

/* Error codes, in ERROR messages and in an ACK's status. */
enum {
    SB_OK = 0,
    SB_ERROR_CRC = 1,
    SB_ERROR_UNKNOWN_TYPE = 2,
    SB_ERROR_TOO_LONG = 3,
    SB_ERROR_MALFORMED = 4,
    SB_ERROR_VERSION = 5,
    SB_ERROR_BAD_VALUE = 6
};

/* HELLO feature bits. */
enum {
    SB_FEATURE_FACE_SENSING = 1,
    SB_FEATURE_CLOCK_BUTTONS = 2,
    SB_FEATURE_MENU_BUTTON = 4,
    SB_FEATURE_DELTAS = 8,
    SB_FEATURE_RGB_LEDS = 16
};

/* Buttons: bit n of sb_hal_read_buttons() and the button field of BUTTON. */
enum { SB_BUTTON_BLACK_CLOCK = 0, SB_BUTTON_WHITE_CLOCK = 1, SB_BUTTON_MENU = 2 };

/* Return the CRC-32 of zlib, Ethernet and PNG; sb_crc32_update continues one over more bytes (start with 0). */
uint32_t sb_crc32_update(uint32_t crc, const uint8_t *data, size_t length);
uint32_t sb_crc32(const uint8_t *data, size_t length);

/*
 * Write the frame of a message into out (at least SB_MAX_FRAME bytes): COBS of type, body and CRC-32, then the zero
 * delimiter. Return its length, or 0 if the body is longer than SB_MAX_BODY.
 */
size_t sb_frame_encode(uint8_t type, const uint8_t *body, size_t body_length, uint8_t *out);

/* Why a decoder threw bytes away. */
typedef enum {
    SB_FAULT_CRC,       /* the CRC did not match */
    SB_FAULT_TOO_LONG,  /* more than SB_MAX_PAYLOAD bytes before a delimiter */
    SB_FAULT_BROKEN,    /* the COBS structure broke: a lost byte or a reset mid-frame */
    SB_FAULT_TOO_SHORT  /* fewer bytes than a type and a CRC */
} sb_fault;

/* What feeding one byte gave. */
typedef enum { SB_DECODE_NOTHING, SB_DECODE_FRAME, SB_DECODE_FAULT } sb_decode_result;

/*
 * The streaming frame decoder: a state machine over one buffer, fed a byte at a time. After SB_DECODE_FRAME the
 * message is payload[0] (its type) and body_length body bytes from payload + 1, until the next byte is fed; after
 * SB_DECODE_FAULT, fault says why. It resynchronises at the next zero after garbage, a lost byte or a reset.
 */
typedef struct {
    uint8_t payload[SB_MAX_PAYLOAD];
    uint16_t length;
    uint16_t body_length;
    uint8_t block_left;   /* data bytes left in the current COBS block; 0 when the next byte is a code byte */
    uint8_t code;         /* the current block's code byte */
    uint8_t zero_pending; /* the block ended below 0xFF: a zero goes before the next block's data */
    uint8_t overflow;
    uint8_t started;
    sb_fault fault;
    uint32_t frames;
    uint32_t faults;
} sb_decoder;

void sb_decoder_reset(sb_decoder *decoder);
sb_decode_result sb_decoder_feed(sb_decoder *decoder, uint8_t byte);

/* Writes a body field by field (little-endian). Writing past the capacity sets overflow and writes nothing. */
typedef struct {
    uint8_t *bytes;
    uint16_t length;
    uint16_t capacity;
    uint8_t overflow;
} sb_writer;

void sb_writer_init(sb_writer *writer, uint8_t *bytes, uint16_t capacity);
void sb_write_u8(sb_writer *writer, uint8_t value);
void sb_write_u16(sb_writer *writer, uint16_t value);
/* A length byte and the text (printable ASCII), at most max_length characters of it. */
void sb_write_text(sb_writer *writer, const char *text, uint8_t max_length);

/*
 * Reads a body field by field. Reading past the end sets malformed and gives zeros, so that a parser checks once at
 * the end; a body longer than a parser reads is a newer minor version's, its extra bytes ignored.
 */
typedef struct {
    const uint8_t *bytes;
    uint16_t position;
    uint16_t length;
    uint8_t malformed;
} sb_reader;

void sb_reader_init(sb_reader *reader, const uint8_t *bytes, uint16_t length);
uint8_t sb_read_u8(sb_reader *reader);
uint16_t sb_read_u16(sb_reader *reader);
/*
 * Read a length byte and that many printable ASCII characters into text (room for max_length + 1 with the final
 * NUL); longer text or another byte makes it malformed and leaves text empty.
 */
void sb_read_text(sb_reader *reader, char *text, uint8_t max_length);
/* The byte at a body index without moving (0 past the end), for packed fields. */
uint8_t sb_byte_at(const sb_reader *reader, uint16_t index);
uint16_t sb_remaining(const sb_reader *reader);
void sb_skip(sb_reader *reader, uint16_t count);

#ifdef __cplusplus
}
#endif

#endif
