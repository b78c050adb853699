/* shogi-bridge board protocol 1.0: message bodies. See sb_messages.h. */
#include "sb_messages.h"

/* ------------------------------------------------------------------ HELLO */

static uint16_t side_slots(const sb_hello *hello, int side) {
    uint16_t n = 0;
    uint8_t i;
    for (i = 0; i < hello->runs[side]; i++) {
        n = (uint16_t) (n + hello->run[side][i].slots);
    }
    return n;
}

uint16_t sb_hello_slots(const sb_hello *hello) {
    return (uint16_t) (side_slots(hello, 0) + side_slots(hello, 1));
}

static uint16_t text_length(const char *text) {
    uint16_t n = 0;
    while (text[n] != '\0') {
        n++;
    }
    return n;
}

uint16_t sb_hello_groups(const sb_hello *hello) {
    return (uint16_t) (text_length(hello->led_groups[0]) + text_length(hello->led_groups[1]));
}

void sb_hello_write(const sb_hello *h, sb_writer *out) {
    int side;
    uint8_t i;
    out->length = 0;
    sb_write_u8(out, h->protocol_major);
    sb_write_u8(out, h->protocol_minor);
    for (i = 0; i < 3; i++) {
        sb_write_u8(out, h->firmware_version[i]);
    }
    sb_write_text(out, h->firmware_name, SB_MAX_NAME);
    sb_write_u8(out, h->files);
    sb_write_u8(out, h->ranks);
    sb_write_u8(out, h->features);
    sb_write_u8(out, h->scan_hz);
    sb_write_u16(out, h->heartbeat_ms);
    for (side = 0; side < 2; side++) {
        sb_write_u8(out, h->runs[side]);
        for (i = 0; i < h->runs[side]; i++) {
            sb_write_u8(out, h->run[side][i].kind);
            sb_write_u8(out, h->run[side][i].slots);
        }
    }
    sb_write_text(out, h->led_groups[0], SB_MAX_GROUPS);
    sb_write_text(out, h->led_groups[1], SB_MAX_GROUPS);
}

int sb_hello_read(sb_hello *hello, sb_reader *in) {
    sb_hello h;
    int side;
    uint8_t i;
    h.protocol_major = sb_read_u8(in);
    h.protocol_minor = sb_read_u8(in);
    for (i = 0; i < 3; i++) {
        h.firmware_version[i] = sb_read_u8(in);
    }
    sb_read_text(in, h.firmware_name, SB_MAX_NAME);
    h.files = sb_read_u8(in);
    h.ranks = sb_read_u8(in);
    h.features = sb_read_u8(in);
    h.scan_hz = sb_read_u8(in);
    h.heartbeat_ms = sb_read_u16(in);
    if (in->malformed) {
        return 0;
    }
    for (side = 0; side < 2; side++) {
        h.runs[side] = sb_read_u8(in);
        if (h.runs[side] > SB_MAX_RUNS) {
            return 0;
        }
        for (i = 0; i < h.runs[side]; i++) {
            h.run[side][i].kind = sb_read_u8(in);
            h.run[side][i].slots = sb_read_u8(in);
            if (in->malformed || h.run[side][i].kind < 'A' || h.run[side][i].kind > 'Z' || h.run[side][i].slots < 1) {
                return 0;
            }
        }
    }
    sb_read_text(in, h.led_groups[0], SB_MAX_GROUPS);
    sb_read_text(in, h.led_groups[1], SB_MAX_GROUPS);
    if (in->malformed) {
        return 0;
    }
    *hello = h;
    return 1;
}

/* ------------------------------------------------------------------ readings */

void sb_readings_init(sb_readings *r, uint8_t square_count, uint8_t slot_count) {
    uint16_t i;
    r->seq = 0;
    r->square_count = square_count;
    r->slot_count = slot_count;
    for (i = 0; i < SB_MAX_SQUARES; i++) {
        r->squares[i] = SB_EMPTY;
    }
    for (i = 0; i < SB_MAX_SLOTS; i++) {
        r->slots[i] = 0;
    }
}

int sb_readings_same(const sb_readings *a, const sb_readings *b) {
    uint16_t i;
    for (i = 0; i < a->square_count; i++) {
        if (a->squares[i] != b->squares[i]) {
            return 0;
        }
    }
    for (i = 0; i < a->slot_count; i++) {
        if (a->slots[i] != b->slots[i]) {
            return 0;
        }
    }
    return 1;
}

void sb_readings_copy(sb_readings *to, const sb_readings *from) {
    uint16_t i;
    to->seq = from->seq;
    for (i = 0; i < from->square_count; i++) {
        to->squares[i] = from->squares[i];
    }
    for (i = 0; i < from->slot_count; i++) {
        to->slots[i] = from->slots[i];
    }
}

static uint16_t square_bytes(const sb_readings *r) {
    return (uint16_t) ((r->square_count + 3) / 4);
}

uint16_t sb_snapshot_length(const sb_readings *r) {
    return (uint16_t) (2 + square_bytes(r) + (r->slot_count + 7) / 8);
}

void sb_snapshot_write(const sb_readings *r, sb_writer *out) {
    uint16_t i;
    uint8_t j;
    out->length = 0;
    sb_write_u16(out, r->seq);
    for (i = 0; i < r->square_count; i = (uint16_t) (i + 4)) {
        uint8_t b = 0;
        for (j = 0; j < 4 && i + j < r->square_count; j++) {
            b = (uint8_t) (b | (r->squares[i + j] & 3U) << (2 * j));
        }
        sb_write_u8(out, b);
    }
    for (i = 0; i < r->slot_count; i = (uint16_t) (i + 8)) {
        uint8_t b = 0;
        for (j = 0; j < 8 && i + j < r->slot_count; j++) {
            b = (uint8_t) (b | (r->slots[i + j] & 1U) << j);
        }
        sb_write_u8(out, b);
    }
}

int sb_snapshot_read(sb_readings *r, sb_reader *in) {
    uint16_t start = in->position;
    uint16_t i;
    if (sb_remaining(in) < sb_snapshot_length(r)) {
        return 0;
    }
    r->seq = sb_read_u16(in);
    for (i = 0; i < r->square_count; i++) {
        r->squares[i] = (uint8_t) (sb_byte_at(in, (uint16_t) (start + 2 + i / 4)) >> (2 * (i % 4)) & 3U);
    }
    for (i = 0; i < r->slot_count; i++) {
        r->slots[i] = (uint8_t) (sb_byte_at(in, (uint16_t) (start + 2 + square_bytes(r) + i / 8)) >> (i % 8) & 1U);
    }
    sb_skip(in, (uint16_t) (sb_snapshot_length(r) - 2));
    return 1;
}

static uint8_t reading(const sb_readings *r, uint16_t index) {
    return index < r->square_count ? r->squares[index] : r->slots[index - r->square_count];
}

int sb_delta_write(const sb_readings *r, const sb_readings *base, sb_writer *out) {
    uint16_t count_at;
    uint16_t i;
    uint8_t count = 0;
    out->length = 0;
    sb_write_u16(out, r->seq);
    sb_write_u16(out, base->seq);
    count_at = out->length;
    sb_write_u8(out, 0);
    for (i = 0; i < (uint16_t) (r->square_count + r->slot_count); i++) {
        uint8_t now = reading(r, i);
        if (now != reading(base, i)) {
            if (++count > SB_MAX_DELTA) {
                return 0;
            }
            sb_write_u8(out, (uint8_t) i);
            sb_write_u8(out, now);
        }
    }
    out->bytes[count_at] = count;
    return 1;
}

sb_delta_result sb_delta_apply(sb_readings *r, const sb_readings *base, sb_reader *in) {
    uint16_t seq = sb_read_u16(in);
    uint16_t base_seq = sb_read_u16(in);
    uint8_t count = sb_read_u8(in);
    uint16_t start = in->position;
    uint16_t total = (uint16_t) (r->square_count + r->slot_count);
    uint8_t k;
    if (in->malformed || sb_remaining(in) < 2U * count) {
        return SB_DELTA_MALFORMED;
    }
    for (k = 0; k < count; k++) {
        uint8_t index = sb_byte_at(in, (uint16_t) (start + 2 * k));
        uint8_t value = sb_byte_at(in, (uint16_t) (start + 2 * k + 1));
        if (index >= total || value > (index < r->square_count ? 3 : 1)) {
            return SB_DELTA_MALFORMED;
        }
    }
    if (base_seq != base->seq) {
        return SB_DELTA_WRONG_BASE;
    }
    sb_readings_copy(r, base);
    for (k = 0; k < count; k++) {
        uint8_t index = sb_byte_at(in, (uint16_t) (start + 2 * k));
        uint8_t value = sb_byte_at(in, (uint16_t) (start + 2 * k + 1));
        if (index < r->square_count) {
            r->squares[index] = value;
        } else {
            r->slots[index - r->square_count] = value;
        }
    }
    sb_skip(in, (uint16_t) (2 * count));
    r->seq = seq;
    return SB_DELTA_APPLIED;
}

/* ------------------------------------------------------------------ LEDS */

void sb_leds_init(sb_leds *leds, uint8_t square_count, uint8_t group_count) {
    uint16_t i;
    leds->seq = 0;
    leds->brightness = 255;
    leds->square_count = square_count;
    leds->group_count = group_count;
    for (i = 0; i < SB_MAX_SQUARES; i++) {
        leds->squares[i] = 0;
    }
    for (i = 0; i < 2 * SB_MAX_GROUPS; i++) {
        leds->groups[i] = 0;
    }
}

void sb_leds_write(const sb_leds *leds, sb_writer *out) {
    uint16_t i;
    out->length = 0;
    sb_write_u16(out, leds->seq);
    sb_write_u8(out, leds->brightness);
    sb_write_u8(out, leds->square_count);
    for (i = 0; i < leds->square_count; i++) {
        sb_write_u8(out, leds->squares[i]);
    }
    sb_write_u8(out, leds->group_count);
    for (i = 0; i < leds->group_count; i++) {
        sb_write_u8(out, leds->groups[i]);
    }
}

uint8_t sb_leds_read(sb_leds *leds, sb_reader *in) {
    uint16_t seq = sb_read_u16(in);
    uint8_t brightness = sb_read_u8(in);
    uint8_t n = sb_read_u8(in);
    uint16_t start = in->position;
    uint8_t g;
    uint16_t i;
    if (in->malformed || sb_remaining(in) < n + 1U) {
        return SB_ERROR_MALFORMED;
    }
    g = sb_byte_at(in, (uint16_t) (start + n));
    if (sb_remaining(in) < n + 1U + g) {
        return SB_ERROR_MALFORMED;
    }
    if (n != leds->square_count || g != leds->group_count) {
        return SB_ERROR_BAD_VALUE;
    }
    for (i = 0; i < n + 1U + g; i++) {
        uint8_t b = sb_byte_at(in, (uint16_t) (start + i));
        if (i != n && ((b & 0x0FU) >= SB_LED_COLOURS || b >> 4 >= SB_LED_PATTERNS)) {
            return SB_ERROR_BAD_VALUE;
        }
    }
    for (i = 0; i < n; i++) {
        leds->squares[i] = sb_byte_at(in, (uint16_t) (start + i));
    }
    for (i = 0; i < g; i++) {
        leds->groups[i] = sb_byte_at(in, (uint16_t) (start + n + 1 + i));
    }
    sb_skip(in, (uint16_t) (n + 1U + g));
    leds->seq = seq;
    leds->brightness = brightness;
    return SB_OK;
}

/* ------------------------------------------------------------------ small messages */

void sb_sync_write(const sb_sync *sync, sb_writer *out) {
    out->length = 0;
    sb_write_u8(out, sync->major);
    sb_write_u8(out, sync->minor);
}

int sb_sync_read(sb_sync *sync, sb_reader *in) {
    uint8_t major = sb_read_u8(in);
    uint8_t minor = sb_read_u8(in);
    if (in->malformed) {
        return 0;
    }
    sync->major = major;
    sync->minor = minor;
    return 1;
}

void sb_token_write(uint16_t token, sb_writer *out) {
    out->length = 0;
    sb_write_u16(out, token);
}

int sb_token_read(uint16_t *token, sb_reader *in) {
    uint16_t value = sb_read_u16(in);
    if (in->malformed) {
        return 0;
    }
    *token = value;
    return 1;
}

void sb_button_write(const sb_button *button, sb_writer *out) {
    out->length = 0;
    sb_write_u16(out, button->seq);
    sb_write_u8(out, button->button);
    sb_write_u8(out, button->pressed);
}

int sb_button_read(sb_button *button, sb_reader *in) {
    sb_button b;
    b.seq = sb_read_u16(in);
    b.button = sb_read_u8(in);
    b.pressed = sb_read_u8(in);
    if (in->malformed || b.button > SB_BUTTON_MENU || b.pressed > 1) {
        return 0;
    }
    *button = b;
    return 1;
}

void sb_ack_write(const sb_ack *ack, sb_writer *out) {
    out->length = 0;
    sb_write_u8(out, ack->type);
    sb_write_u16(out, ack->seq);
    sb_write_u8(out, ack->status);
}

int sb_ack_read(sb_ack *ack, sb_reader *in) {
    sb_ack a;
    a.type = sb_read_u8(in);
    a.seq = sb_read_u16(in);
    a.status = sb_read_u8(in);
    if (in->malformed) {
        return 0;
    }
    *ack = a;
    return 1;
}

void sb_error_write(const sb_error *error, sb_writer *out) {
    out->length = 0;
    sb_write_u8(out, error->code);
    sb_write_text(out, error->detail, SB_MAX_DETAIL);
}

int sb_error_read(sb_error *error, sb_reader *in) {
    sb_error e;
    e.code = sb_read_u8(in);
    sb_read_text(in, e.detail, SB_MAX_DETAIL);
    if (in->malformed) {
        return 0;
    }
    *error = e;
    return 1;
}
