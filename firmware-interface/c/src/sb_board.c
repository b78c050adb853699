/* The firmware core of a shogi-bridge board. See sb_board.h and PROTOCOL.md, "Behaviour". */
#include "sb_board.h"

#include "sb_hal.h"

/* Red, green, blue of each colour code at full brightness (docs/leds.md says what each colour means). */
static const uint8_t colours[SB_LED_COLOURS][3] = {
    {0, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 160, 0}, {255, 0, 0}, {255, 255, 255}};

/* True when a is later than b, across the wrap of the millisecond counter. */
static int later(uint32_t a, uint32_t b) {
    return (int32_t) (a - b) > 0;
}

static void send(sb_board *board, uint8_t type, const sb_writer *body) {
    size_t n = sb_frame_encode(type, body->bytes, body->length, board->frame);
    if (n > 0) {
        sb_hal_write(board->frame, (uint16_t) n);
        board->frames_sent++;
    }
}

static void body_writer(sb_board *board, sb_writer *out) {
    sb_writer_init(out, board->body, SB_MAX_BODY);
}

static void send_error(sb_board *board, uint8_t code, const char *detail) {
    sb_writer out;
    sb_error error;
    uint8_t i;
    error.code = code;
    for (i = 0; i < SB_MAX_DETAIL && detail[i] != '\0'; i++) {
        error.detail[i] = detail[i];
    }
    error.detail[i] = '\0';
    body_writer(board, &out);
    sb_error_write(&error, &out);
    send(board, SB_ERROR, &out);
}

static void scan(sb_board *board) {
    uint8_t files = board->hello->files;
    uint8_t rank;
    for (rank = 0; rank < board->hello->ranks; rank++) {
        sb_hal_read_rank(rank, board->current.squares + rank * files);
    }
    sb_hal_read_komadai(board->current.slots);
}

static void send_readings(sb_board *board, uint32_t now, int force_full) {
    sb_writer out;
    int full;
    body_writer(board, &out);
    board->current.seq = ++board->seq;
    full = force_full || !(board->hello->features & SB_FEATURE_DELTAS) || !board->have_sent
            || now - board->last_full_ms >= SB_FULL_SNAPSHOT_MS
            || !sb_delta_write(&board->current, &board->last_full, &out);
    if (full) {
        sb_snapshot_write(&board->current, &out);
        sb_readings_copy(&board->last_full, &board->current);
        board->last_full_ms = now;
    }
    send(board, full ? SB_SNAPSHOT : SB_DELTA, &out);
    sb_readings_copy(&board->sent, &board->current);
    board->have_sent = 1;
    board->last_sent_ms = now;
}

/* HELLO and a full snapshot, LEDs off: after power-up and whenever the Pi says SYNC. */
static void greet(sb_board *board, uint32_t now) {
    sb_writer out;
    body_writer(board, &out);
    sb_hello_write(board->hello, &out);
    send(board, SB_HELLO, &out);
    board->have_sent = 0;
    send_readings(board, now, 1);
    sb_leds_init(&board->leds, board->leds.square_count, board->leds.group_count);
    board->leds_changed = 1;
}

void sb_board_init(sb_board *board, const sb_hello *hello) {
    uint32_t now = sb_hal_millis();
    board->hello = hello;
    sb_decoder_reset(&board->decoder);
    board->decoder.frames = 0;
    board->decoder.faults = 0;
    sb_readings_init(&board->current, (uint8_t) (hello->files * hello->ranks), (uint8_t) sb_hello_slots(hello));
    sb_readings_init(&board->sent, board->current.square_count, board->current.slot_count);
    sb_readings_init(&board->last_full, board->current.square_count, board->current.slot_count);
    sb_leds_init(&board->leds, board->current.square_count, (uint8_t) sb_hello_groups(hello));
    board->blink_phase = 0;
    board->buttons = 0;
    board->buttons_raw = 0;
    board->seq = 0;
    board->button_seq = 0;
    board->repeat_until_ms = now;
    board->buttons_changed_ms = now;
    board->frames_sent = 0;
    board->frames_received = 0;
    board->faults_received = 0;
    scan(board);
    board->last_scan_ms = now;
    greet(board, now);
}

/* ------------------------------------------------------------------ frames from the Pi */

static void hex_type(char *detail, uint8_t type) {
    static const char digits[] = "0123456789ABCDEF";
    const char *prefix = "type 0x";
    uint8_t i;
    for (i = 0; prefix[i] != '\0'; i++) {
        detail[i] = prefix[i];
    }
    detail[i++] = digits[type >> 4];
    detail[i++] = digits[type & 0x0F];
    detail[i] = '\0';
}

static void handle(sb_board *board, uint8_t type, const uint8_t *body, uint16_t length) {
    sb_reader in;
    sb_writer out;
    sb_reader_init(&in, body, length);
    body_writer(board, &out);
    board->frames_received++;
    switch (type) {
    case SB_SYNC: {
        sb_sync sync;
        if (!sb_sync_read(&sync, &in)) {
            send_error(board, SB_ERROR_MALFORMED, "SYNC without a version");
        } else if (sync.major != SB_VERSION_MAJOR) {
            send_error(board, SB_ERROR_VERSION, "board speaks 1.0");
        } else {
            greet(board, sb_hal_millis());
        }
        break;
    }
    case SB_PING: {
        uint16_t token;
        if (!sb_token_read(&token, &in)) {
            send_error(board, SB_ERROR_MALFORMED, "PING without a token");
        } else {
            sb_token_write(token, &out);
            send(board, SB_PONG, &out);
        }
        break;
    }
    case SB_LEDS: {
        sb_ack ack;
        ack.type = SB_LEDS;
        ack.seq = (uint16_t) (sb_byte_at(&in, 0) | (uint16_t) sb_byte_at(&in, 1) << 8);
        ack.status = sb_leds_read(&board->leds, &in);
        if (ack.status == SB_OK) {
            board->leds_changed = 1;
        }
        sb_ack_write(&ack, &out);
        send(board, SB_ACK, &out);
        break;
    }
    default: {
        char detail[12];
        hex_type(detail, type);
        send_error(board, SB_ERROR_UNKNOWN_TYPE, detail);
        break;
    }
    }
}

void sb_board_receive(sb_board *board, const uint8_t *bytes, uint16_t length) {
    uint16_t i;
    for (i = 0; i < length; i++) {
        switch (sb_decoder_feed(&board->decoder, bytes[i])) {
        case SB_DECODE_FRAME:
            handle(board, board->decoder.payload[0], board->decoder.payload + 1, board->decoder.body_length);
            break;
        case SB_DECODE_FAULT:
            board->faults_received++;
            if (board->decoder.fault == SB_FAULT_TOO_LONG) {
                send_error(board, SB_ERROR_TOO_LONG, "too long");
            } else {
                send_error(board, SB_ERROR_CRC, board->decoder.fault == SB_FAULT_CRC ? "crc" : "broken frame");
            }
            break;
        default:
            break;
        }
    }
}

/* ------------------------------------------------------------------ the loop */

static void report(sb_board *board, uint32_t now) {
    int changed = !board->have_sent || !sb_readings_same(&board->current, &board->sent);
    if (changed) {
        board->repeat_until_ms = now + SB_REPEAT_MS;
    }
    int full_due = (board->hello->features & SB_FEATURE_DELTAS) && now - board->last_full_ms >= SB_FULL_SNAPSHOT_MS;
    if (changed || full_due || now - board->last_sent_ms >= board->hello->heartbeat_ms
            || (later(board->repeat_until_ms, now) && now - board->last_sent_ms >= SB_REPEAT_EVERY_MS)) {
        send_readings(board, now, 0);
    }
}

static void buttons(sb_board *board, uint32_t now) {
    uint8_t raw = sb_hal_read_buttons();
    uint8_t changed;
    uint8_t bit;
    if (raw != board->buttons_raw) {
        board->buttons_raw = raw;
        board->buttons_changed_ms = now;
        return;
    }
    changed = (uint8_t) (raw ^ board->buttons);
    if (changed == 0 || now - board->buttons_changed_ms < SB_BUTTON_DEBOUNCE_MS) {
        return;
    }
    for (bit = 0; bit <= SB_BUTTON_MENU; bit++) {
        if (changed & (1U << bit)) {
            sb_writer out;
            sb_button button;
            button.seq = ++board->button_seq;
            button.button = bit;
            button.pressed = (uint8_t) ((raw >> bit) & 1U);
            body_writer(board, &out);
            sb_button_write(&button, &out);
            send(board, SB_BUTTON, &out);
        }
    }
    board->buttons = raw;
}

static void show_led(sb_board *board, uint16_t index, uint8_t value, uint8_t phase) {
    uint8_t colour = value & 0x0FU;
    uint8_t pattern = value >> 4;
    int lit = pattern == SB_LED_STEADY || (pattern == SB_LED_SLOW_BLINK && (phase & 1U))
            || (pattern == SB_LED_FAST_BLINK && (phase & 2U));
    uint16_t scale = lit ? board->leds.brightness : 0;
    sb_hal_set_led(index, (uint8_t) ((uint16_t) colours[colour][0] * scale / 255U),
            (uint8_t) ((uint16_t) colours[colour][1] * scale / 255U),
            (uint8_t) ((uint16_t) colours[colour][2] * scale / 255U));
}

static void leds(sb_board *board, uint32_t now) {
    /* Slow blink: lit half of each second; fast: lit half of each quarter second. */
    uint8_t phase = (uint8_t) ((now % 1000U < 500U ? 1U : 0U) | (now % 250U < 125U ? 2U : 0U));
    uint16_t i;
    if (!board->leds_changed && phase == board->blink_phase) {
        return;
    }
    for (i = 0; i < board->leds.square_count; i++) {
        show_led(board, i, board->leds.squares[i], phase);
    }
    for (i = 0; i < board->leds.group_count; i++) {
        show_led(board, (uint16_t) (board->leds.square_count + i), board->leds.groups[i], phase);
    }
    sb_hal_show_leds();
    board->leds_changed = 0;
    board->blink_phase = phase;
}

void sb_board_poll(sb_board *board) {
    uint32_t now = sb_hal_millis();
    uint32_t period = 1000U / (board->hello->scan_hz > 0 ? board->hello->scan_hz : 100U);
    if (now - board->last_scan_ms >= period) {
        board->last_scan_ms = now;
        scan(board);
        report(board, now);
        buttons(board, now);
    }
    leds(board, now);
}
