/*
 * The reference board around the real firmware: libsimavr's ATmega2560 runs the built .elf, and this harness plays
 * the parts pins.h wires to it, so emulate-board --firmware can drive the very binary a builder flashes.
 *
 *   - the three 74HC165 chains: SH/LD low loads what the sensors read, each CLK rising edge shifts one bit to QH;
 *     a sensor that is active reads 0 (open-drain hall and reed switches with pull-ups);
 *   - the clock and menu buttons, to GND when pressed;
 *   - the APA102 strip: decoded from the bytes the MCU sends on its SPI;
 *   - USART0, the Mega's USB serial: bytes both ways.
 *
 * It talks to its parent (the Java side) in lines on stdin and stdout:
 *   in:  U <hex>                    bytes for the MCU's UART, from the Pi
 *        S <board> <black> <white>  the active sensors of each chain, hex bytes, bit j of byte k is sensor 8k+j
 *        K <n>                      the buttons held: bit 0 black's clock, bit 1 white's, bit 2 the menu
 *        R                          reset the MCU (a reset button, a brown-out, a power cycle)
 *   out: READY <mcu> <hz> <leds>
 *        U <hex>                    bytes the MCU sent: a frame as soon as its last byte is out
 *        L <hex>                    the strip after a change: red, green, blue of each LED
 *        T <cycles> <scans> <lag> <read>  every MCU second: its cycle count, the sensor loads so far, how far (us)
 *                                   the simulation is behind the wall clock, and the longest read of the chains
 *                                   so far (cycles from the load to the last clock)
 * It runs the MCU no faster than real time, so the firmware's milliseconds are the Pi's. It ends at end of input.
 *
 * Usage: shogi-board-sim FIRMWARE.elf [LEDS]
 */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "avr_ioport.h"
#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"
#include "sim_irq.h"

#include "../pins.h"

#define HZ 16000000ULL
#define SERVICE_CYCLES (HZ / 1000ULL) /* talk to the parent every MCU millisecond */
#define MAX_CHAIN_BYTES 64
#define MAX_LEDS 256

static avr_t *avr;

/* ---------------------------------------------------------------- 74HC165 chains */

typedef struct {
    int pin;                           /* the data line's bit on the sensor port */
    uint8_t active[MAX_CHAIN_BYTES];   /* what the sensors read now, from the parent */
    uint8_t latched[MAX_CHAIN_BYTES];  /* what the last load took */
    int position;                      /* bits shifted out since the load */
    int level;                         /* QH as last driven, -1 before the first */
} chain_t;

static chain_t chains[3] = {{SB_PIN_SQUARES, {0}, {0}, 0, -1}, {SB_PIN_BLACK, {0}, {0}, 0, -1},
                            {SB_PIN_WHITE, {0}, {0}, 0, -1}};
static int load_level = 1, clock_level = 0;
static uint64_t loads;
/* How long a read of the chains takes: from the load to the last clock, in MCU cycles (the longest so far). */
static avr_cycle_count_t load_cycle, last_clock_cycle, longest_read;

/*
 * Drive an input pin. simavr passes a raised value on only when it differs from the IRQ's last one, and a reset clears
 * the PIN registers without telling the IRQs: after a reset every level is forced through the opposite one first.
 */
static int force_levels;

static void drive(char port, int pin, int level) {
    avr_irq_t *irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), pin);
    if (force_levels) {
        avr_raise_irq(irq, (uint32_t) !level);
    }
    avr_raise_irq(irq, (uint32_t) level);
}

static void drive_qh(chain_t *c) {
    int k = c->position;
    /* Past the last chip, SER is tied to GND: the line reads 0. An active sensor reads 0 too. */
    int level = k < MAX_CHAIN_BYTES * 8 ? !((c->latched[k >> 3] >> (k & 7)) & 1) : 0;
    if (level != c->level) {
        c->level = level;
        drive(SB_SENSOR_PORT, c->pin, level);
    }
}

static void on_load(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void) irq;
    (void) param;
    if (load_level && !value) {
        if (loads > 0 && last_clock_cycle > load_cycle && last_clock_cycle - load_cycle > longest_read) {
            longest_read = last_clock_cycle - load_cycle;
        }
        loads++;
        load_cycle = avr->cycle;
    }
    load_level = value != 0;
    if (!load_level) { /* while SH/LD is low the register follows its inputs */
        for (int i = 0; i < 3; i++) {
            memcpy(chains[i].latched, chains[i].active, MAX_CHAIN_BYTES);
            chains[i].position = 0;
            drive_qh(&chains[i]);
        }
    }
}

static void on_clock(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void) irq;
    (void) param;
    int rising = !clock_level && value;
    clock_level = value != 0;
    if (rising && load_level) {
        last_clock_cycle = avr->cycle;
        for (int i = 0; i < 3; i++) {
            chains[i].position++;
            drive_qh(&chains[i]);
        }
    }
}

/* ---------------------------------------------------------------- buttons */

static int buttons; /* bit 0 black's clock, bit 1 white's, bit 2 menu */

static void drive_buttons(void) {
    static const int pins[3] = {SB_PIN_BLACK_CLOCK, SB_PIN_WHITE_CLOCK, SB_PIN_MENU};
    for (int b = 0; b < 3; b++) {
        drive(SB_BUTTON_PORT, pins[b], !((buttons >> b) & 1));
    }
}

/* ---------------------------------------------------------------- the APA102 strip */

static int leds = SB_STRIP_LEDS;
static uint8_t strip[MAX_LEDS][3], shown[MAX_LEDS][3];
static int strip_zeros, strip_led = -1, strip_byte;
static uint8_t quad[4];
static int strip_changed;

static void strip_byte_in(uint8_t b) {
    if (strip_led < 0) { /* waiting for a start frame: 32 zero bits */
        strip_zeros = b == 0 ? strip_zeros + 1 : 0;
        if (strip_zeros >= 4) {
            strip_led = 0;
            strip_byte = 0;
            strip_zeros = 0;
        }
        return;
    }
    quad[strip_byte++] = b;
    if (strip_byte < 4) {
        return;
    }
    strip_byte = 0;
    if ((quad[0] & 0xE0) != 0xE0) { /* not an LED: a new start frame, or noise */
        strip_led = quad[0] == 0 && quad[1] == 0 && quad[2] == 0 && quad[3] == 0 ? 0 : -1;
        return;
    }
    int brightness = quad[0] & 0x1F;
    strip[strip_led][0] = (uint8_t) (quad[3] * brightness / 31);
    strip[strip_led][1] = (uint8_t) (quad[2] * brightness / 31);
    strip[strip_led][2] = (uint8_t) (quad[1] * brightness / 31);
    if (++strip_led == leds) {
        strip_led = -1;
        if (memcmp(strip, shown, sizeof strip) != 0) {
            memcpy(shown, strip, sizeof strip);
            strip_changed = 1;
        }
    }
}

/*
 * The SPI's data register. simavr 1.6 takes 100 us for every SPI byte whatever the clock (a fixed timer in its SPI
 * module): a strip of 83 LEDs would hold the firmware 34 ms instead of 0.4 ms, and blinking LEDs would starve the
 * scan. The harness takes the register over and finishes a byte in the 16 cycles the MCU's 8 MHz SPI takes; the
 * firmware waits on SPIF exactly as on the real part (writing SPDR clears it, as the datasheet's write access does).
 */
#define SPSR_ADDRESS 0x4D
#define SPDR_ADDRESS 0x4E
#define SPIF_BIT 0x80

static avr_cycle_count_t spi_done(struct avr_t *a, avr_cycle_count_t when, void *param) {
    (void) when;
    (void) param;
    a->data[SPSR_ADDRESS] |= SPIF_BIT;
    return 0;
}

static void spdr_write(struct avr_t *a, avr_io_addr_t address, uint8_t value, void *param) {
    (void) param;
    a->data[address] = value;
    a->data[SPSR_ADDRESS] &= (uint8_t) ~SPIF_BIT;
    strip_byte_in(value);
    avr_cycle_timer_register(a, 16, spi_done, NULL);
}

/* ---------------------------------------------------------------- the UART */

static uint8_t to_mcu[1 << 16];
static size_t to_mcu_head, to_mcu_tail;
static int uart_off;
static uint8_t from_mcu[4096];
static size_t from_mcu_length;
static int frame_ended; /* a frame's last byte went out: pass it on now rather than at the next service */

static void feed_uart(void) {
    while (!uart_off && to_mcu_tail != to_mcu_head) {
        uint8_t b = to_mcu[to_mcu_tail];
        to_mcu_tail = (to_mcu_tail + 1) & (sizeof to_mcu - 1);
        avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT), b);
    }
}

static void on_xon(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void) irq;
    (void) value;
    (void) param;
    uart_off = 0;
    feed_uart();
}

static void on_xoff(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void) irq;
    (void) value;
    (void) param;
    uart_off = 1;
}

static void on_uart(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void) irq;
    (void) param;
    if (from_mcu_length < sizeof from_mcu) {
        from_mcu[from_mcu_length++] = (uint8_t) value;
    }
    if (value == 0) {
        frame_ended = 1;
    }
}

/* ---------------------------------------------------------------- talking to the parent */

static void put_hex(const uint8_t *bytes, size_t n) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        putchar(digits[bytes[i] >> 4]);
        putchar(digits[bytes[i] & 15]);
    }
}

static int hex_value(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Read hex pairs from text into bytes (at most max); return how many, and leave *text after them. */
static size_t get_hex(const char **text, uint8_t *bytes, size_t max) {
    const char *p = *text;
    size_t n = 0;
    while (*p == ' ') {
        p++;
    }
    while (hex_value(p[0]) >= 0 && hex_value(p[1]) >= 0) {
        if (n < max) {
            bytes[n++] = (uint8_t) (hex_value(p[0]) << 4 | hex_value(p[1]));
        }
        p += 2;
    }
    *text = p;
    return n;
}

static void restart_inputs(void) {
    force_levels = 1;
    for (int i = 0; i < 3; i++) {
        chains[i].level = -1;
        drive_qh(&chains[i]);
    }
    drive_buttons();
    force_levels = 0;
}

static void command(const char *line) {
    const char *p = line + 1;
    switch (line[0]) {
    case 'U': {
        uint8_t bytes[2048];
        size_t n = get_hex(&p, bytes, sizeof bytes);
        for (size_t i = 0; i < n; i++) {
            size_t next = (to_mcu_head + 1) & (sizeof to_mcu - 1);
            if (next != to_mcu_tail) { /* a full line drops bytes, as a real one would */
                to_mcu[to_mcu_head] = bytes[i];
                to_mcu_head = next;
            }
        }
        feed_uart();
        break;
    }
    case 'S':
        for (int i = 0; i < 3; i++) {
            memset(chains[i].active, 0, MAX_CHAIN_BYTES);
            get_hex(&p, chains[i].active, MAX_CHAIN_BYTES);
        }
        break;
    case 'K':
        buttons = atoi(p);
        drive_buttons();
        break;
    case 'R':
        avr_reset(avr);
        to_mcu_tail = to_mcu_head; /* what was on its way is lost with the MCU's state */
        uart_off = 0;
        restart_inputs();
        break;
    default:
        fprintf(stderr, "shogi-board-sim: unknown command '%c'\n", line[0]);
        break;
    }
}

static char line[1 << 17];
static size_t line_length;

/* Take what the parent sent; return 0 at the end of input. */
static int read_parent(void) {
    struct pollfd fd = {0, POLLIN, 0};
    while (poll(&fd, 1, 0) > 0) {
        char buffer[8192];
        ssize_t n = read(0, buffer, sizeof buffer);
        if (n <= 0) {
            return n < 0 && errno == EINTR;
        }
        for (ssize_t i = 0; i < n; i++) {
            if (buffer[i] == '\n') {
                line[line_length] = 0;
                if (line_length > 0) {
                    command(line);
                }
                line_length = 0;
            } else if (line_length < sizeof line - 1) {
                line[line_length++] = buffer[i];
            }
        }
    }
    return 1;
}

static void write_parent(void) {
    int wrote = 0;
    frame_ended = 0;
    if (from_mcu_length > 0) {
        fputs("U ", stdout);
        put_hex(from_mcu, from_mcu_length);
        putchar('\n');
        from_mcu_length = 0;
        wrote = 1;
    }
    if (strip_changed) {
        fputs("L ", stdout);
        put_hex(&shown[0][0], (size_t) leds * 3);
        putchar('\n');
        strip_changed = 0;
        wrote = 1;
    }
    if (wrote) {
        fflush(stdout);
    }
}

/* ---------------------------------------------------------------- time */

static uint64_t wall_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t) t.tv_sec * 1000000ULL + (uint64_t) t.tv_nsec / 1000ULL;
}

/* The MCU's idle sleep is paced by the loop below, not by simavr's own usleep. */
static void no_sleep(avr_t *a, avr_cycle_count_t how_long) {
    (void) a;
    (void) how_long;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "Usage: shogi-board-sim FIRMWARE.elf [LEDS]\n");
        return 2;
    }
    if (argc > 2) {
        leds = atoi(argv[2]);
        if (leds < 1 || leds > MAX_LEDS) {
            fprintf(stderr, "Bad LED count. %s is not 1 to %d.\n", argv[2], MAX_LEDS);
            return 2;
        }
    }
    elf_firmware_t firmware;
    memset(&firmware, 0, sizeof firmware);
    int out = dup(1);
    dup2(2, 1); /* simavr says what it loaded on stdout, which is the parent's line protocol */
    int read_failed = elf_read_firmware(argv[1], &firmware) != 0;
    fflush(stdout);
    dup2(out, 1);
    close(out);
    if (read_failed) {
        fprintf(stderr, "Firmware not read. %s is not an AVR ELF file.\n", argv[1]);
        return 2;
    }
    avr = avr_make_mcu_by_name("atmega2560");
    if (avr == NULL || avr_init(avr) != 0) {
        fprintf(stderr, "Simulator not started. libsimavr has no atmega2560.\n");
        return 2;
    }
    avr->log = 0;
    out = dup(1);
    dup2(2, 1);
    avr_load_firmware(avr, &firmware);
    fflush(stdout);
    dup2(out, 1);
    close(out);
    avr->frequency = HZ;
    avr->sleep = no_sleep;

    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t) (AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_uart, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), on_xon, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), on_xoff, NULL);
    avr->io[AVR_DATA_TO_IO(SPDR_ADDRESS)].w.c = spdr_write;
    avr->io[AVR_DATA_TO_IO(SPDR_ADDRESS)].w.param = NULL;
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(SB_SENSOR_PORT), SB_PIN_LOAD), on_load, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(SB_SENSOR_PORT), SB_PIN_CLOCK), on_clock, NULL);
    restart_inputs();

    printf("READY atmega2560 %llu %d\n", (unsigned long long) HZ, leds);
    fflush(stdout);

    uint64_t start = wall_us();
    avr_cycle_count_t origin = avr->cycle;
    avr_cycle_count_t next_service = avr->cycle + SERVICE_CYCLES;
    avr_cycle_count_t next_report = avr->cycle + HZ;
    for (;;) {
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed) {
            printf("E The MCU stopped (%s) at cycle %llu.\n", state == cpu_Done ? "done" : "crashed",
                    (unsigned long long) avr->cycle);
            fflush(stdout);
            return 1;
        }
        if (frame_ended) {
            write_parent();
        }
        if (avr->cycle < next_service) {
            continue;
        }
        next_service = avr->cycle + SERVICE_CYCLES;
        write_parent();
        if (!read_parent()) {
            return 0;
        }
        /* Never ahead of the wall clock: the MCU's millisecond is a real one. */
        uint64_t simulated = (avr->cycle - origin) * 1000000ULL / HZ;
        uint64_t wall = wall_us() - start;
        if (simulated > wall + 500) {
            usleep((useconds_t) (simulated - wall));
        }
        if (avr->cycle >= next_report) {
            next_report = avr->cycle + HZ;
            printf("T %llu %llu %lld %llu\n", (unsigned long long) avr->cycle, (unsigned long long) loads,
                    (long long) wall - (long long) simulated, (unsigned long long) longest_read);
            fflush(stdout);
        }
    }
}
