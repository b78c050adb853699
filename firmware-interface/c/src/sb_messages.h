/*
 * shogi-bridge board protocol 1.0: every message as a struct, with its writer and its reader (PROTOCOL.md,
 * "Messages"). A reader returns 1 for a body it took, 0 for a malformed one (and changes nothing it reports); a
 * body longer than it reads is a newer minor version's and is taken. The Java twins are Hello, Readings, LedCommand
 * and Messages in org.shogibridge.firmware.protocol.
 *
 * The sizes below bound the structs; a port that needs less RAM may lower them before including this file.
 */
#ifndef SB_MESSAGES_H
#define SB_MESSAGES_H

#include "sb_protocol.h"

#ifdef __cplusplus
extern "C" { /* an Arduino sketch is C++ */
#endif

#ifndef SB_MAX_SQUARES
#define SB_MAX_SQUARES 100 /* 10x10 (Okisaki) */
#endif
#ifndef SB_MAX_SLOTS
#define SB_MAX_SLOTS 128   /* komadai slots, both sides; a DELTA indexes squares and slots with one byte */
#endif
#ifndef SB_MAX_GROUPS
#define SB_MAX_GROUPS 16   /* LED groups per side */
#endif
#define SB_MAX_NAME 24
#define SB_MAX_RUNS 16
#define SB_MAX_DETAIL 64
/* A delta with more changes than this is not worth it: the board sends a full snapshot. */
#define SB_MAX_DELTA 60

/* Sensor readings of a square. */
enum { SB_EMPTY = 0, SB_OCCUPIED = 1, SB_FACE_UP = 2, SB_FACE_DOWN = 3 };

/* LED colours (low nibble) and patterns (high nibble). */
enum { SB_LED_OFF = 0, SB_LED_GREEN = 1, SB_LED_BLUE = 2, SB_LED_YELLOW = 3, SB_LED_RED = 4, SB_LED_WHITE = 5 };
#define SB_LED_COLOURS 6
enum { SB_LED_STEADY = 0, SB_LED_SLOW_BLINK = 1, SB_LED_FAST_BLINK = 2 };
#define SB_LED_PATTERNS 3

/* Komadai slots for one kind of piece: kind is the USI letter ('P', 'L', ...). */
typedef struct {
    uint8_t kind;
    uint8_t slots;
} sb_run;

/* HELLO: what the board is. Side 0 is black (sente), 1 white. */
typedef struct {
    uint8_t protocol_major, protocol_minor;
    uint8_t firmware_version[3];
    char firmware_name[SB_MAX_NAME + 1];
    uint8_t files, ranks;
    uint8_t features;
    uint8_t scan_hz;
    uint16_t heartbeat_ms;
    uint8_t runs[2];
    sb_run run[2][SB_MAX_RUNS];
    char led_groups[2][SB_MAX_GROUPS + 1]; /* a letter per group: the kind it lights, '*' for the whole stand */
} sb_hello;

/* Return the number of komadai slots of both sides, and of LED groups of both sides. */
uint16_t sb_hello_slots(const sb_hello *hello);
uint16_t sb_hello_groups(const sb_hello *hello);
void sb_hello_write(const sb_hello *hello, sb_writer *out);
int sb_hello_read(sb_hello *hello, sb_reader *in);

/* What the sensors read: a value per square (SFEN order) and per komadai slot (black's first), and a seq. */
typedef struct {
    uint16_t seq;
    uint8_t square_count;
    uint8_t slot_count;
    uint8_t squares[SB_MAX_SQUARES];
    uint8_t slots[SB_MAX_SLOTS];
} sb_readings;

void sb_readings_init(sb_readings *readings, uint8_t square_count, uint8_t slot_count);
/* Return 1 if every square and slot reads the same (the seq aside). */
int sb_readings_same(const sb_readings *a, const sb_readings *b);
void sb_readings_copy(sb_readings *to, const sb_readings *from);
uint16_t sb_snapshot_length(const sb_readings *readings);
void sb_snapshot_write(const sb_readings *readings, sb_writer *out);
/* Take a SNAPSHOT of this geometry (square_count and slot_count set); 0 if too short, changing nothing. */
int sb_snapshot_read(sb_readings *readings, sb_reader *in);
/* Write the DELTA from base (the last full snapshot sent); 0 if more than SB_MAX_DELTA readings differ. */
int sb_delta_write(const sb_readings *readings, const sb_readings *base, sb_writer *out);

typedef enum { SB_DELTA_APPLIED, SB_DELTA_MALFORMED, SB_DELTA_WRONG_BASE } sb_delta_result;
/* Set readings to a DELTA applied to base, the last full snapshot received; nothing changes unless it applies whole. */
sb_delta_result sb_delta_apply(sb_readings *readings, const sb_readings *base, sb_reader *in);

/* LEDS: a byte per square and per group (colour | pattern << 4) and a brightness. */
typedef struct {
    uint16_t seq;
    uint8_t brightness;
    uint8_t square_count;
    uint8_t group_count;
    uint8_t squares[SB_MAX_SQUARES];
    uint8_t groups[2 * SB_MAX_GROUPS];
} sb_leds;

void sb_leds_init(sb_leds *leds, uint8_t square_count, uint8_t group_count);
void sb_leds_write(const sb_leds *leds, sb_writer *out);
/*
 * Take an LEDS body for this geometry (square_count and group_count set): return SB_OK, or the error code for the
 * ACK, changing nothing: SB_ERROR_MALFORMED if too short, SB_ERROR_BAD_VALUE for another number of squares or groups
 * or a colour or pattern that does not exist.
 */
uint8_t sb_leds_read(sb_leds *leds, sb_reader *in);

/* The small messages. */
typedef struct {
    uint8_t major, minor;
} sb_sync;

typedef struct {
    uint16_t seq;
    uint8_t button;
    uint8_t pressed;
} sb_button;

typedef struct {
    uint8_t type;
    uint16_t seq;
    uint8_t status;
} sb_ack;

typedef struct {
    uint8_t code;
    char detail[SB_MAX_DETAIL + 1];
} sb_error;

void sb_sync_write(const sb_sync *sync, sb_writer *out);
int sb_sync_read(sb_sync *sync, sb_reader *in);
/* PING and PONG carry a token. */
void sb_token_write(uint16_t token, sb_writer *out);
int sb_token_read(uint16_t *token, sb_reader *in);
void sb_button_write(const sb_button *button, sb_writer *out);
int sb_button_read(sb_button *button, sb_reader *in);
void sb_ack_write(const sb_ack *ack, sb_writer *out);
int sb_ack_read(sb_ack *ack, sb_reader *in);
void sb_error_write(const sb_error *error, sb_writer *out);
int sb_error_read(sb_error *error, sb_reader *in);

#ifdef __cplusplus
}
#endif

#endif
