/*
 * sbtool: the reference firmware core on a PC, for the tests that hold it to the Java side (FirmwareCoreTest).
 *
 *   sbtool decode SQUARES SLOTS GROUPS [--digest]
 *       Decode the frames on stdin and print a line per frame or fault: what the C readers make of it, and the frame
 *       its C writer makes of that again. With --digest, only a last line with the counts and an FNV-1a hash of the
 *       lines (for a corpus too large to compare line by line).
 *   sbtool random SEED COUNT SQUARES SLOTS GROUPS FILE
 *       Write COUNT random messages of every type, framed by the C writer, to FILE; print what each one says.
 *   sbtool board HELLO-BODY-HEX
 *       Run the firmware core on a simulated board in virtual time, scripted by stdin: "wait MS", "square I V",
 *       "slot I V", "buttons MASK", "send HEX" (bytes from the Pi). Print "tx MS HEX" for every frame it sends and
 *       "leds MS I:RRGGBB ..." (the lit LEDs) whenever it shows its LEDs.
 *
 * A line says what a message means in a form both sides print (see Described.java in the tests):
 *   SNAPSHOT seq=7 squares=0110... slots=01...      HELLO 1.0 fw=1.2.0 name=mini 5x5 features=2 ...
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sb_board.h"
#include "sb_hal.h"

static uint8_t geometry_squares;
static uint8_t geometry_slots;
static uint8_t geometry_groups;

/* ------------------------------------------------------------------ describing messages */

typedef struct {
    char text[1024];
    size_t length;
} line;

static void put(line *l, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void put(line *l, const char *format, ...) {
    va_list args;
    int n;
    va_start(args, format);
    n = vsnprintf(l->text + l->length, sizeof l->text - l->length, format, args);
    va_end(args);
    if (n > 0) {
        l->length += (size_t) n;
        if (l->length >= sizeof l->text) {
            l->length = sizeof l->text - 1;
        }
    }
}

static void describe_hello(line *l, const sb_hello *h) {
    int side;
    uint8_t i;
    put(l, "HELLO %u.%u fw=%u.%u.%u name=%s %ux%u features=%u scan=%u heartbeat=%u", h->protocol_major,
            h->protocol_minor, h->firmware_version[0], h->firmware_version[1], h->firmware_version[2], h->firmware_name,
            h->files, h->ranks, h->features, h->scan_hz, h->heartbeat_ms);
    for (side = 0; side < 2; side++) {
        put(l, side == 0 ? " black=" : " white=");
        for (i = 0; i < h->runs[side]; i++) {
            put(l, "%s%c%u", i > 0 ? "," : "", h->run[side][i].kind, h->run[side][i].slots);
        }
    }
    put(l, " groups=%s|%s", h->led_groups[0], h->led_groups[1]);
}

static void describe_readings(line *l, const sb_readings *r) {
    uint16_t i;
    put(l, " squares=");
    for (i = 0; i < r->square_count; i++) {
        put(l, "%u", r->squares[i]);
    }
    put(l, " slots=");
    for (i = 0; i < r->slot_count; i++) {
        put(l, "%u", r->slots[i]);
    }
}

static void describe_leds(line *l, const sb_leds *leds) {
    uint16_t i;
    put(l, "LEDS seq=%u brightness=%u squares=", leds->seq, leds->brightness);
    for (i = 0; i < leds->square_count; i++) {
        put(l, "%02X", leds->squares[i]);
    }
    put(l, " groups=");
    for (i = 0; i < leds->group_count; i++) {
        put(l, "%02X", leds->groups[i]);
    }
}

static void put_frame(line *l, uint8_t type, const sb_writer *body) {
    uint8_t frame[SB_MAX_FRAME];
    size_t n = sb_frame_encode(type, body->bytes, body->length, frame);
    size_t i;
    put(l, "\t");
    for (i = 0; i < n; i++) {
        put(l, "%02X", frame[i]);
    }
}

/*
 * A DELTA's changes, "index:value" in index order. A delta means something only against its base, so it is applied to
 * two boards numbered as its base, one empty and one full (every square face down, every slot taken): a change to 0
 * shows on the full one, any other on the empty one. The canonical body of those changes is written to out.
 */
static int describe_delta(line *l, sb_reader *in, sb_reader *again, sb_writer *out) {
    static sb_readings empty, full, from_empty, from_full;
    uint16_t base_seq = (uint16_t) (sb_byte_at(in, 2) | (uint16_t) sb_byte_at(in, 3) << 8);
    uint16_t i;
    uint16_t count_at;
    uint8_t count = 0;
    sb_readings_init(&empty, geometry_squares, geometry_slots);
    sb_readings_init(&full, geometry_squares, geometry_slots);
    sb_readings_init(&from_empty, geometry_squares, geometry_slots);
    sb_readings_init(&from_full, geometry_squares, geometry_slots);
    empty.seq = full.seq = base_seq;
    for (i = 0; i < geometry_squares; i++) {
        full.squares[i] = SB_FACE_DOWN;
    }
    for (i = 0; i < geometry_slots; i++) {
        full.slots[i] = 1;
    }
    if (sb_delta_apply(&from_empty, &empty, in) != SB_DELTA_APPLIED
            || sb_delta_apply(&from_full, &full, again) != SB_DELTA_APPLIED) {
        return 0;
    }
    put(l, "DELTA seq=%u base=%u changes=", from_empty.seq, base_seq);
    sb_write_u16(out, from_empty.seq);
    sb_write_u16(out, base_seq);
    count_at = out->length;
    sb_write_u8(out, 0);
    for (i = 0; i < geometry_squares + geometry_slots; i++) {
        int square = i < geometry_squares;
        uint8_t on_empty = square ? from_empty.squares[i] : from_empty.slots[i - geometry_squares];
        uint8_t on_full = square ? from_full.squares[i] : from_full.slots[i - geometry_squares];
        uint8_t top = square ? SB_FACE_DOWN : 1;
        if (on_empty != 0 || on_full != top) {
            uint8_t value = on_empty != 0 ? on_empty : 0;
            put(l, "%s%u:%u", count > 0 ? "," : "", i, value);
            sb_write_u8(out, (uint8_t) i);
            sb_write_u8(out, value);
            count++;
        }
    }
    out->bytes[count_at] = count;
    return 1;
}

/* Describe a message as the C readers see it, then append the frame the C writers make of what they read. */
static void describe(line *l, uint8_t type, const uint8_t *body, uint16_t length) {
    sb_reader in;
    sb_writer out;
    uint8_t written[SB_MAX_BODY];
    int ok = 1;
    sb_reader_init(&in, body, length);
    sb_writer_init(&out, written, sizeof written);
    switch (type) {
    case SB_HELLO: {
        sb_hello h;
        if ((ok = sb_hello_read(&h, &in)) != 0) {
            describe_hello(l, &h);
            sb_hello_write(&h, &out);
        }
        break;
    }
    case SB_SYNC: {
        sb_sync s;
        if ((ok = sb_sync_read(&s, &in)) != 0) {
            put(l, "SYNC %u.%u", s.major, s.minor);
            sb_sync_write(&s, &out);
        }
        break;
    }
    case SB_SNAPSHOT: {
        sb_readings r;
        sb_readings_init(&r, geometry_squares, geometry_slots);
        if ((ok = sb_snapshot_read(&r, &in)) != 0) {
            put(l, "SNAPSHOT seq=%u", r.seq);
            describe_readings(l, &r);
            sb_snapshot_write(&r, &out);
        }
        break;
    }
    case SB_DELTA: {
        sb_reader again = in;
        ok = describe_delta(l, &in, &again, &out);
        break;
    }
    case SB_BUTTON: {
        sb_button b;
        if ((ok = sb_button_read(&b, &in)) != 0) {
            put(l, "BUTTON seq=%u button=%u pressed=%u", b.seq, b.button, b.pressed);
            sb_button_write(&b, &out);
        }
        break;
    }
    case SB_PING:
    case SB_PONG: {
        uint16_t token;
        if ((ok = sb_token_read(&token, &in)) != 0) {
            put(l, "%s %u", type == SB_PING ? "PING" : "PONG", token);
            sb_token_write(token, &out);
        }
        break;
    }
    case SB_LEDS: {
        sb_leds leds;
        uint8_t status;
        sb_leds_init(&leds, geometry_squares, geometry_groups);
        status = sb_leds_read(&leds, &in);
        if (status != SB_OK) {
            put(l, "LEDS status=%u", status);
            return;
        }
        describe_leds(l, &leds);
        sb_leds_write(&leds, &out);
        break;
    }
    case SB_ACK: {
        sb_ack a;
        if ((ok = sb_ack_read(&a, &in)) != 0) {
            put(l, "ACK type=%u seq=%u status=%u", a.type, a.seq, a.status);
            sb_ack_write(&a, &out);
        }
        break;
    }
    case SB_ERROR: {
        sb_error e;
        if ((ok = sb_error_read(&e, &in)) != 0) {
            put(l, "ERROR code=%u detail=%s", e.code, e.detail);
            sb_error_write(&e, &out);
        }
        break;
    }
    default:
        put(l, "UNKNOWN type=%u length=%u", type, length);
        return;
    }
    if (!ok) {
        put(l, "MALFORMED type=%u", type);
        return;
    }
    put_frame(l, type, &out);
}

/* ------------------------------------------------------------------ decode */

static const char *fault_names[] = {"CRC", "TOO_LONG", "BROKEN", "TOO_SHORT"};

static int decode(int digest_only) {
    static sb_decoder decoder;
    static uint8_t chunk[65536];
    uint64_t digest = 0xCBF29CE484222325ULL; /* FNV-1a 64 */
    size_t n;
    line l;
    sb_decoder_reset(&decoder);
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
        size_t i;
        for (i = 0; i < n; i++) {
            sb_decode_result result = sb_decoder_feed(&decoder, chunk[i]);
            size_t k;
            if (result == SB_DECODE_NOTHING) {
                continue;
            }
            l.length = 0;
            l.text[0] = '\0';
            if (result == SB_DECODE_FRAME) {
                describe(&l, decoder.payload[0], decoder.payload + 1, decoder.body_length);
            } else {
                put(&l, "FAULT %s", fault_names[decoder.fault]);
            }
            if (digest_only) {
                /* the re-encoded frame is left out of the digest: a fuzzed body may carry extra bytes */
                for (k = 0; k < l.length && l.text[k] != '\t'; k++) {
                    digest = (digest ^ (uint8_t) l.text[k]) * 0x100000001B3ULL;
                }
                digest = (digest ^ '\n') * 0x100000001B3ULL;
            } else {
                puts(l.text);
            }
        }
    }
    printf("END frames=%lu faults=%lu digest=%016llX\n", (unsigned long) decoder.frames, (unsigned long) decoder.faults,
            (unsigned long long) digest);
    return 0;
}

/* ------------------------------------------------------------------ random messages */

static uint32_t random_state;

static uint32_t next(uint32_t bound) { /* xorshift32 */
    random_state ^= random_state << 13;
    random_state ^= random_state >> 17;
    random_state ^= random_state << 5;
    return bound == 0 ? random_state : random_state % bound;
}

static void random_text(char *text, uint8_t max_length) {
    uint32_t n = next(max_length + 1U);
    uint32_t i;
    for (i = 0; i < n; i++) {
        text[i] = (char) (0x20 + next(0x5F));
    }
    text[n] = '\0';
}

static void random_readings(sb_readings *r) {
    uint16_t i;
    r->seq = (uint16_t) next(65536);
    for (i = 0; i < r->square_count; i++) {
        r->squares[i] = (uint8_t) next(4);
    }
    for (i = 0; i < r->slot_count; i++) {
        r->slots[i] = (uint8_t) next(2);
    }
}

static const uint8_t types[] = {SB_HELLO, SB_SYNC, SB_SNAPSHOT, SB_DELTA, SB_BUTTON, SB_PING, SB_PONG, SB_LEDS,
        SB_ACK, SB_ERROR};

static int random_messages(uint32_t seed, long count, const char *path) {
    FILE *file = fopen(path, "wb");
    uint8_t bytes[SB_MAX_BODY];
    uint8_t frame[SB_MAX_FRAME];
    long m;
    if (file == NULL) {
        perror(path);
        return 1;
    }
    random_state = seed == 0 ? 1 : seed;
    for (m = 0; m < count; m++) {
        uint8_t type = types[next(sizeof types)];
        sb_writer out;
        line l;
        size_t n;
        l.length = 0;
        l.text[0] = '\0';
        sb_writer_init(&out, bytes, sizeof bytes);
        switch (type) {
        case SB_HELLO: {
            sb_hello h;
            int side;
            uint8_t i;
            h.protocol_major = (uint8_t) next(256);
            h.protocol_minor = (uint8_t) next(256);
            for (i = 0; i < 3; i++) {
                h.firmware_version[i] = (uint8_t) next(256);
            }
            random_text(h.firmware_name, SB_MAX_NAME);
            h.files = (uint8_t) next(256);
            h.ranks = (uint8_t) next(256);
            h.features = (uint8_t) next(256);
            h.scan_hz = (uint8_t) next(256);
            h.heartbeat_ms = (uint16_t) next(65536);
            for (side = 0; side < 2; side++) {
                char *groups = h.led_groups[side];
                uint32_t g = next(SB_MAX_GROUPS + 1);
                h.runs[side] = (uint8_t) next(SB_MAX_RUNS + 1);
                for (i = 0; i < h.runs[side]; i++) {
                    h.run[side][i].kind = (uint8_t) ('A' + next(26));
                    h.run[side][i].slots = (uint8_t) (1 + next(255));
                }
                for (i = 0; i < g; i++) {
                    groups[i] = next(4) == 0 ? '*' : (char) ('A' + next(26));
                }
                groups[g] = '\0';
            }
            sb_hello_write(&h, &out);
            describe_hello(&l, &h);
            break;
        }
        case SB_SYNC: {
            sb_sync s;
            s.major = (uint8_t) next(256);
            s.minor = (uint8_t) next(256);
            sb_sync_write(&s, &out);
            put(&l, "SYNC %u.%u", s.major, s.minor);
            break;
        }
        case SB_SNAPSHOT: {
            sb_readings r;
            sb_readings_init(&r, geometry_squares, geometry_slots);
            random_readings(&r);
            sb_snapshot_write(&r, &out);
            put(&l, "SNAPSHOT seq=%u", r.seq);
            describe_readings(&l, &r);
            break;
        }
        case SB_DELTA: {
            sb_readings base;
            sb_readings r;
            uint32_t changes = next(SB_MAX_DELTA + 1);
            uint32_t c;
            uint32_t index;
            sb_readings_init(&base, geometry_squares, geometry_slots);
            sb_readings_init(&r, geometry_squares, geometry_slots);
            base.seq = (uint16_t) next(65536);
            r.seq = (uint16_t) next(65536);
            for (c = 0; c < changes; c++) {
                index = next((uint32_t) geometry_squares + geometry_slots);
                if (index < geometry_squares) {
                    r.squares[index] = (uint8_t) (1 + next(3));
                } else {
                    r.slots[index - geometry_squares] = 1;
                }
            }
            sb_delta_write(&r, &base, &out);
            put(&l, "DELTA seq=%u base=%u changes=", r.seq, base.seq);
            for (c = 0, index = 0; index < (uint32_t) geometry_squares + geometry_slots; index++) {
                uint8_t value = index < geometry_squares ? r.squares[index] : r.slots[index - geometry_squares];
                if (value != 0) {
                    put(&l, "%s%lu:%u", c++ > 0 ? "," : "", (unsigned long) index, value);
                }
            }
            break;
        }
        case SB_BUTTON: {
            sb_button b;
            b.seq = (uint16_t) next(65536);
            b.button = (uint8_t) next(3);
            b.pressed = (uint8_t) next(2);
            sb_button_write(&b, &out);
            put(&l, "BUTTON seq=%u button=%u pressed=%u", b.seq, b.button, b.pressed);
            break;
        }
        case SB_PING:
        case SB_PONG: {
            uint16_t token = (uint16_t) next(65536);
            sb_token_write(token, &out);
            put(&l, "%s %u", type == SB_PING ? "PING" : "PONG", token);
            break;
        }
        case SB_LEDS: {
            sb_leds leds;
            uint16_t i;
            sb_leds_init(&leds, geometry_squares, geometry_groups);
            leds.seq = (uint16_t) next(65536);
            leds.brightness = (uint8_t) next(256);
            for (i = 0; i < leds.square_count; i++) {
                leds.squares[i] = (uint8_t) (next(SB_LED_COLOURS) | next(SB_LED_PATTERNS) << 4);
            }
            for (i = 0; i < leds.group_count; i++) {
                leds.groups[i] = (uint8_t) (next(SB_LED_COLOURS) | next(SB_LED_PATTERNS) << 4);
            }
            sb_leds_write(&leds, &out);
            describe_leds(&l, &leds);
            break;
        }
        case SB_ACK: {
            sb_ack a;
            a.type = (uint8_t) next(256);
            a.seq = (uint16_t) next(65536);
            a.status = (uint8_t) next(256);
            sb_ack_write(&a, &out);
            put(&l, "ACK type=%u seq=%u status=%u", a.type, a.seq, a.status);
            break;
        }
        default: {
            sb_error e;
            e.code = (uint8_t) next(256);
            random_text(e.detail, SB_MAX_DETAIL);
            sb_error_write(&e, &out);
            put(&l, "ERROR code=%u detail=%s", e.code, e.detail);
            break;
        }
        }
        n = sb_frame_encode(type, out.bytes, out.length, frame);
        if (n == 0 || out.overflow || fwrite(frame, 1, n, file) != n) {
            fprintf(stderr, "Cannot write message %ld.\n", m);
            return 1;
        }
        puts(l.text);
    }
    return fclose(file) == 0 ? 0 : 1;
}

/* ------------------------------------------------------------------ the firmware core on a simulated board */

static uint32_t now_ms;
static uint8_t sim_squares[SB_MAX_SQUARES];
static uint8_t sim_slots[SB_MAX_SLOTS];
static uint8_t sim_buttons;
static uint8_t sim_files;
static uint8_t led_rgb[SB_MAX_SQUARES + 2 * SB_MAX_GROUPS][3];
static uint16_t led_count;

uint32_t sb_hal_millis(void) {
    return now_ms;
}

void sb_hal_read_rank(uint8_t rank, uint8_t *readings) {
    memcpy(readings, sim_squares + rank * sim_files, sim_files);
}

void sb_hal_read_komadai(uint8_t *slots) {
    memcpy(slots, sim_slots, geometry_slots);
}

uint8_t sb_hal_read_buttons(void) {
    return sim_buttons;
}

void sb_hal_set_led(uint16_t index, uint8_t red, uint8_t green, uint8_t blue) {
    if (index < led_count) {
        led_rgb[index][0] = red;
        led_rgb[index][1] = green;
        led_rgb[index][2] = blue;
    }
}

void sb_hal_show_leds(void) {
    uint16_t i;
    printf("leds %lu", (unsigned long) now_ms);
    for (i = 0; i < led_count; i++) {
        if (led_rgb[i][0] | led_rgb[i][1] | led_rgb[i][2]) {
            printf(" %u:%02X%02X%02X", i, led_rgb[i][0], led_rgb[i][1], led_rgb[i][2]);
        }
    }
    putchar('\n');
}

void sb_hal_write(const uint8_t *bytes, uint16_t length) {
    uint16_t i;
    printf("tx %lu ", (unsigned long) now_ms);
    for (i = 0; i < length; i++) {
        printf("%02X", bytes[i]);
    }
    putchar('\n');
}

static int hex_bytes(const char *hex, uint8_t *out, size_t capacity) {
    size_t n = strlen(hex) / 2;
    size_t i;
    if (n > capacity) {
        return -1;
    }
    for (i = 0; i < n; i++) {
        unsigned value;
        if (sscanf(hex + 2 * i, "%2x", &value) != 1) {
            return -1;
        }
        out[i] = (uint8_t) value;
    }
    return (int) n;
}

static int board(const char *hello_hex) {
    static sb_board core;
    static sb_hello hello;
    uint8_t bytes[1024];
    char command[4096];
    sb_reader in;
    int n = hex_bytes(hello_hex, bytes, sizeof bytes);
    if (n < 0 || (sb_reader_init(&in, bytes, (uint16_t) n), !sb_hello_read(&hello, &in))) {
        fprintf(stderr, "Bad HELLO body.\n");
        return 2;
    }
    geometry_slots = (uint8_t) sb_hello_slots(&hello);
    sim_files = hello.files;
    led_count = (uint16_t) (hello.files * hello.ranks + sb_hello_groups(&hello));
    sb_board_init(&core, &hello);
    while (fgets(command, sizeof command, stdin) != NULL) {
        char word[16];
        char argument[4000];
        unsigned long a = 0;
        unsigned long b = 0;
        if (sscanf(command, "%15s", word) != 1) {
            continue;
        }
        if (strcmp(word, "wait") == 0 && sscanf(command, "%*s %lu", &a) == 1) {
            unsigned long t;
            for (t = 0; t < a; t++) {
                now_ms++;
                sb_board_poll(&core);
            }
        } else if (strcmp(word, "square") == 0 && sscanf(command, "%*s %lu %lu", &a, &b) == 2 && a < SB_MAX_SQUARES) {
            sim_squares[a] = (uint8_t) b;
        } else if (strcmp(word, "slot") == 0 && sscanf(command, "%*s %lu %lu", &a, &b) == 2 && a < SB_MAX_SLOTS) {
            sim_slots[a] = (uint8_t) b;
        } else if (strcmp(word, "buttons") == 0 && sscanf(command, "%*s %lu", &a) == 1) {
            sim_buttons = (uint8_t) a;
        } else if (strcmp(word, "send") == 0 && sscanf(command, "%*s %3999s", argument) == 1
                && (n = hex_bytes(argument, bytes, sizeof bytes)) >= 0) {
            sb_board_receive(&core, bytes, (uint16_t) n);
        } else {
            fprintf(stderr, "Bad command: %s", command);
            return 2;
        }
        fflush(stdout);
    }
    printf("stats sent=%lu received=%lu faults=%lu sizeof=%lu\n", (unsigned long) core.frames_sent,
            (unsigned long) core.frames_received, (unsigned long) core.faults_received, (unsigned long) sizeof core);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 5 && strcmp(argv[1], "decode") == 0) {
        geometry_squares = (uint8_t) atoi(argv[2]);
        geometry_slots = (uint8_t) atoi(argv[3]);
        geometry_groups = (uint8_t) atoi(argv[4]);
        return decode(argc > 5 && strcmp(argv[5], "--digest") == 0);
    }
    if (argc == 8 && strcmp(argv[1], "random") == 0) {
        geometry_squares = (uint8_t) atoi(argv[4]);
        geometry_slots = (uint8_t) atoi(argv[5]);
        geometry_groups = (uint8_t) atoi(argv[6]);
        return random_messages((uint32_t) strtoul(argv[2], NULL, 10), atol(argv[3]), argv[7]);
    }
    if (argc == 3 && strcmp(argv[1], "board") == 0) {
        return board(argv[2]);
    }
    fprintf(stderr, "Usage: sbtool decode SQUARES SLOTS GROUPS [--digest] | random SEED COUNT SQUARES SLOTS GROUPS FILE"
            " | board HELLO-BODY-HEX\n");
    return 2;
}
