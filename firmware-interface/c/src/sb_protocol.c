/* shogi-bridge board protocol 1.0: CRC-32, framing and body fields. See sb_protocol.h. */
#include "sb_protocol.h"

/*
 * CRC-32 (reflected polynomial 0xEDB88320) a nibble at a time: a 64-byte table instead of the usual 1 KB, which
 * matters on an 8-bit board, at a cost nobody notices at serial speeds.
 */
static const uint32_t crc_nibbles[16] = {
    0x00000000UL, 0x1DB71064UL, 0x3B6E20C8UL, 0x26D930ACUL, 0x76DC4190UL, 0x6B6B51F4UL, 0x4DB26158UL, 0x5005713CUL,
    0xEDB88320UL, 0xF00F9344UL, 0xD6D6A3E8UL, 0xCB61B38CUL, 0x9B64C2B0UL, 0x86D3D2D4UL, 0xA00AE278UL, 0xBDBDF21CUL};

uint32_t sb_crc32_update(uint32_t crc, const uint8_t *data, size_t length) {
    size_t i;
    crc = ~crc;
    for (i = 0; i < length; i++) {
        crc ^= data[i];
        crc = (crc >> 4) ^ crc_nibbles[crc & 0x0FU];
        crc = (crc >> 4) ^ crc_nibbles[crc & 0x0FU];
    }
    return ~crc;
}

uint32_t sb_crc32(const uint8_t *data, size_t length) {
    return sb_crc32_update(0, data, length);
}

/* ------------------------------------------------------------------ encoder */

/* COBS written a byte at a time, straight into the frame: no second buffer for the payload. */
typedef struct {
    uint8_t *out;
    size_t code_at;
    size_t written;
    uint8_t code;
} cobs_writer;

static void cobs_put(cobs_writer *w, uint8_t b) {
    if (b == 0) {
        w->out[w->code_at] = w->code;
        w->code_at = w->written++;
        w->code = 1;
        return;
    }
    w->out[w->written++] = b;
    if (++w->code == 0xFF) {
        w->out[w->code_at] = w->code;
        w->code_at = w->written++;
        w->code = 1;
    }
}

size_t sb_frame_encode(uint8_t type, const uint8_t *body, size_t body_length, uint8_t *out) {
    cobs_writer w;
    uint32_t crc;
    size_t i;
    if (body_length > SB_MAX_BODY) {
        return 0;
    }
    w.out = out;
    w.code_at = 0;
    w.written = 1;
    w.code = 1;
    crc = sb_crc32_update(sb_crc32(&type, 1), body, body_length);
    cobs_put(&w, type);
    for (i = 0; i < body_length; i++) {
        cobs_put(&w, body[i]);
    }
    for (i = 0; i < SB_CRC_BYTES; i++) {
        cobs_put(&w, (uint8_t) (crc >> (8 * i)));
    }
    out[w.code_at] = w.code;
    out[w.written++] = 0;
    return w.written;
}

/* ------------------------------------------------------------------ decoder */

void sb_decoder_reset(sb_decoder *d) {
    d->length = 0;
    d->block_left = 0;
    d->zero_pending = 0;
    d->overflow = 0;
    d->started = 0;
}

static void append(sb_decoder *d, uint8_t b) {
    if (d->length == SB_MAX_PAYLOAD) {
        d->overflow = 1;
    } else {
        d->payload[d->length++] = b;
    }
}

static sb_decode_result fault(sb_decoder *d, sb_fault why) {
    d->fault = why;
    d->faults++;
    sb_decoder_reset(d);
    return SB_DECODE_FAULT;
}

static sb_decode_result end_of_frame(sb_decoder *d) {
    uint16_t end;
    uint32_t crc;
    if (!d->started) {
        return SB_DECODE_NOTHING; /* zeros between frames */
    }
    if (d->overflow) {
        return fault(d, SB_FAULT_TOO_LONG);
    }
    if (d->block_left > 0) {
        return fault(d, SB_FAULT_BROKEN);
    }
    if (d->length < SB_CRC_BYTES + 1) {
        return fault(d, SB_FAULT_TOO_SHORT);
    }
    end = (uint16_t) (d->length - SB_CRC_BYTES);
    crc = (uint32_t) d->payload[end] | (uint32_t) d->payload[end + 1] << 8 | (uint32_t) d->payload[end + 2] << 16
            | (uint32_t) d->payload[end + 3] << 24;
    if (crc != sb_crc32(d->payload, end)) {
        return fault(d, SB_FAULT_CRC);
    }
    d->body_length = (uint16_t) (end - 1);
    d->frames++;
    sb_decoder_reset(d);
    return SB_DECODE_FRAME;
}

sb_decode_result sb_decoder_feed(sb_decoder *d, uint8_t b) {
    if (b == 0) {
        return end_of_frame(d);
    }
    d->started = 1;
    if (d->block_left == 0) { /* a code byte: the next code - 1 bytes are data */
        if (d->zero_pending) {
            append(d, 0);
        }
        d->code = b;
        d->block_left = (uint8_t) (b - 1);
        d->zero_pending = d->block_left == 0 && b < 0xFF;
    } else {
        append(d, b);
        if (--d->block_left == 0) {
            d->zero_pending = d->code < 0xFF;
        }
    }
    return SB_DECODE_NOTHING;
}

/* ------------------------------------------------------------------ bodies */

void sb_writer_init(sb_writer *w, uint8_t *bytes, uint16_t capacity) {
    w->bytes = bytes;
    w->length = 0;
    w->capacity = capacity;
    w->overflow = 0;
}

void sb_write_u8(sb_writer *w, uint8_t value) {
    if (w->length >= w->capacity) {
        w->overflow = 1;
    } else {
        w->bytes[w->length++] = value;
    }
}

void sb_write_u16(sb_writer *w, uint16_t value) {
    sb_write_u8(w, (uint8_t) value);
    sb_write_u8(w, (uint8_t) (value >> 8));
}

void sb_write_text(sb_writer *w, const char *text, uint8_t max_length) {
    uint8_t n = 0;
    uint8_t i;
    while (n < max_length && text[n] != '\0') {
        n++;
    }
    sb_write_u8(w, n);
    for (i = 0; i < n; i++) {
        sb_write_u8(w, (uint8_t) text[i]);
    }
}

void sb_reader_init(sb_reader *r, const uint8_t *bytes, uint16_t length) {
    r->bytes = bytes;
    r->position = 0;
    r->length = length;
    r->malformed = 0;
}

uint8_t sb_read_u8(sb_reader *r) {
    if (r->position >= r->length) {
        r->malformed = 1;
        return 0;
    }
    return r->bytes[r->position++];
}

uint16_t sb_read_u16(sb_reader *r) {
    uint16_t low = sb_read_u8(r);
    return (uint16_t) (low | (uint16_t) sb_read_u8(r) << 8);
}

void sb_read_text(sb_reader *r, char *text, uint8_t max_length) {
    uint8_t n = sb_read_u8(r);
    uint8_t i;
    text[0] = '\0';
    if (n > max_length || r->position + n > r->length) {
        r->malformed = 1;
        return;
    }
    for (i = 0; i < n; i++) {
        uint8_t c = r->bytes[r->position + i];
        if (c < 0x20 || c > 0x7E) {
            r->malformed = 1;
            text[0] = '\0';
            return;
        }
        text[i] = (char) c;
    }
    text[n] = '\0';
    r->position = (uint16_t) (r->position + n);
}

uint8_t sb_byte_at(const sb_reader *r, uint16_t index) {
    return index < r->length ? r->bytes[index] : 0;
}

uint16_t sb_remaining(const sb_reader *r) {
    return (uint16_t) (r->length - r->position);
}

void sb_skip(sb_reader *r, uint16_t count) {
    if (r->position + count > r->length) {
        r->malformed = 1;
        r->position = r->length;
    } else {
        r->position = (uint16_t) (r->position + count);
    }
}
