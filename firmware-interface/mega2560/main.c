/*
 * The reference board's firmware: the firmware core (../c/src) on an Arduino Mega 2560, wired as pins.h says.
 *
 * Timer 0 ticks every millisecond; USART0 receives and sends through interrupt-driven rings (sb_hal_write drops a
 * frame rather than wait when the ring is full: the Pi asks again with SYNC); the sensors are read once per scan,
 * three chains in parallel; the LEDs go out on the hardware SPI. Between interrupts the CPU idles (sleep mode idle):
 * every interrupt wakes it, so a byte from the Pi is handled at once and the scan runs on the next tick.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <stdint.h>

#include "pins.h"
#include "sb_board.h"
#include "sb_hal.h"

#define RX_RING 128U /* a power of two: 1.1 ms of bytes at 1 Mbaud, and the loop takes them every tick or sooner */
#define TX_RING 256U /* a power of two: a HELLO and a snapshot fit together */

static const sb_hello hello = {
    SB_VERSION_MAJOR, SB_VERSION_MINOR,
    {1, 0, 0}, "shogi-bridge mega2560",
    9, 9,
    (SB_FACE_SENSING ? SB_FEATURE_FACE_SENSING : 0) | SB_FEATURE_CLOCK_BUTTONS | SB_FEATURE_MENU_BUTTON
            | SB_FEATURE_RGB_LEDS,
    200, /* scan rate, Hz: reading the chains takes 0.4 ms of the 5 (6,328 cycles, counted by simavr) */
    250, /* heartbeat, ms */
    {7, 7},
    {{{'R', 2}, {'B', 2}, {'G', 4}, {'S', 4}, {'N', 4}, {'L', 4}, {'P', 18}},
     {{'R', 2}, {'B', 2}, {'G', 4}, {'S', 4}, {'N', 4}, {'L', 4}, {'P', 18}}},
    {"*", "*"}};

static sb_board board;

/* ---------------------------------------------------------------- time */

static volatile uint32_t ticks;

ISR(TIMER0_COMPA_vect) {
    ticks++;
}

uint32_t sb_hal_millis(void) {
    uint32_t now;
    uint8_t sreg = SREG;
    cli();
    now = ticks;
    SREG = sreg;
    return now;
}

static void timer_init(void) {
    TCCR0A = (uint8_t) (1U << WGM01);              /* CTC */
    TCCR0B = (uint8_t) ((1U << CS01) | (1U << CS00)); /* 16 MHz / 64 = 250 kHz */
    OCR0A = 249;                                      /* 250 counts: 1 ms */
    TIMSK0 = (uint8_t) (1U << OCIE0A);
}

/* ---------------------------------------------------------------- the link */

static volatile uint8_t rx[RX_RING];
static volatile uint8_t rx_head, rx_tail;
static volatile uint8_t tx[TX_RING];
static volatile uint8_t tx_head, tx_tail;

ISR(USART0_RX_vect) {
    uint8_t status = UCSR0A;
    uint8_t byte = UDR0;
    uint8_t next = (uint8_t) ((rx_head + 1U) & (RX_RING - 1U));
    if ((status & (1U << FE0)) == 0 && next != rx_tail) { /* a byte with a framing error, or no room: dropped */
        rx[rx_head] = byte;
        rx_head = next;
    }
}

ISR(USART0_UDRE_vect) {
    if (tx_tail == tx_head) {
        UCSR0B &= (uint8_t) ~(1U << UDRIE0);
        return;
    }
    UDR0 = tx[tx_tail];
    tx_tail = (uint8_t) ((tx_tail + 1U) & (TX_RING - 1U));
}

static void uart_init(void) {
    /* Double speed: 16 MHz / 8 / (UBRR + 1) is 1 Mbaud exactly (UBRR 1) and 115,200 within 2.1 % (UBRR 16). */
    uint16_t ubrr = (uint16_t) ((F_CPU / 8UL + SB_BAUD / 2UL) / SB_BAUD - 1UL);
    UBRR0H = (uint8_t) (ubrr >> 8);
    UBRR0L = (uint8_t) ubrr;
    UCSR0A = (uint8_t) (1U << U2X0);
    UCSR0C = (uint8_t) ((1U << UCSZ01) | (1U << UCSZ00)); /* 8N1 */
    UCSR0B = (uint8_t) ((1U << RXEN0) | (1U << TXEN0) | (1U << RXCIE0));
}

void sb_hal_write(const uint8_t *bytes, uint16_t length) {
    uint16_t i;
    uint8_t used = (uint8_t) ((tx_head - tx_tail) & (TX_RING - 1U));
    if (length > (uint16_t) (TX_RING - 1U - used)) {
        return; /* the whole frame or none of it: a cut frame would cost the next one too */
    }
    for (i = 0; i < length; i++) {
        tx[tx_head] = bytes[i];
        tx_head = (uint8_t) ((tx_head + 1U) & (TX_RING - 1U));
    }
    UCSR0B |= (uint8_t) (1U << UDRIE0);
}

/* ---------------------------------------------------------------- sensors */

static uint8_t square_bits[SB_SQUARE_CHIPS];
static uint8_t black_bits[SB_KOMADAI_CHIPS];
static uint8_t white_bits[SB_KOMADAI_CHIPS];

/* Load every chain's inputs, then clock them out together: a bit of each chain per read of PINA, gathered a byte at
 * a time in registers (the first bit out of a byte ends in bit 0). */
static void read_chains(void) {
    uint8_t byte;
    PORTA &= (uint8_t) ~(1U << SB_PIN_LOAD);
    __asm__ __volatile__("nop\n\tnop"); /* SH/LD low for 125 ns: the 74HC165 needs 20 ns at 5 V */
    PORTA |= (uint8_t) (1U << SB_PIN_LOAD);
    for (byte = 0; byte < SB_SQUARE_CHIPS; byte++) {
        uint8_t squares = 0, black = 0, white = 0, bit;
        for (bit = 0; bit < 8; bit++) {
            uint8_t pins = (uint8_t) ~PINA; /* active low: a set bit is an active sensor */
            squares = (uint8_t) (squares >> 1 | ((pins >> SB_PIN_SQUARES) & 1U) << 7);
            black = (uint8_t) (black >> 1 | ((pins >> SB_PIN_BLACK) & 1U) << 7);
            white = (uint8_t) (white >> 1 | ((pins >> SB_PIN_WHITE) & 1U) << 7);
            PORTA |= (uint8_t) (1U << SB_PIN_CLOCK);
            PORTA &= (uint8_t) ~(1U << SB_PIN_CLOCK);
        }
        square_bits[byte] = squares;
        if (byte < SB_KOMADAI_CHIPS) {
            black_bits[byte] = black;
            white_bits[byte] = white;
        }
    }
}

static uint8_t bit_of(const uint8_t *bits, uint16_t k) {
    return (uint8_t) ((bits[k >> 3] >> (k & 7U)) & 1U);
}

void sb_hal_read_rank(uint8_t rank, uint8_t *readings) {
    uint8_t file;
    if (rank == 0) {
        read_chains(); /* the core reads rank a first, then the others, then the komadai: one read a scan */
    }
    for (file = 0; file < 9; file++) {
        uint16_t square = (uint16_t) (rank * 9U + file);
#if SB_FACE_SENSING
        if (bit_of(square_bits, (uint16_t) (2U * square))) {
            readings[file] = SB_FACE_UP;
        } else {
            readings[file] = bit_of(square_bits, (uint16_t) (2U * square + 1U)) ? SB_FACE_DOWN : SB_EMPTY;
        }
#else
        readings[file] = bit_of(square_bits, square) ? SB_OCCUPIED : SB_EMPTY;
#endif
    }
}

void sb_hal_read_komadai(uint8_t *slots) {
    uint8_t i;
    for (i = 0; i < SB_SLOTS_PER_SIDE; i++) {
        slots[i] = bit_of(black_bits, i);
        slots[SB_SLOTS_PER_SIDE + i] = bit_of(white_bits, i);
    }
}

static void sensors_init(void) {
    DDRA = (uint8_t) ((1U << SB_PIN_LOAD) | (1U << SB_PIN_CLOCK));
    PORTA = (uint8_t) (1U << SB_PIN_LOAD); /* loaded on the falling edge; clock low; data lines without pull-ups */
}

/* ---------------------------------------------------------------- buttons */

#define SB_BUTTON_PINS ((1U << SB_PIN_BLACK_CLOCK) | (1U << SB_PIN_WHITE_CLOCK) | (1U << SB_PIN_MENU))

uint8_t sb_hal_read_buttons(void) {
    uint8_t pins = (uint8_t) ~PINC; /* pressed connects to GND */
    return (uint8_t) (((pins >> SB_PIN_BLACK_CLOCK) & 1U) << SB_BUTTON_BLACK_CLOCK
            | ((pins >> SB_PIN_WHITE_CLOCK) & 1U) << SB_BUTTON_WHITE_CLOCK
            | ((pins >> SB_PIN_MENU) & 1U) << SB_BUTTON_MENU);
}

static void buttons_init(void) {
    DDRC &= (uint8_t) ~SB_BUTTON_PINS;
    PORTC |= (uint8_t) SB_BUTTON_PINS; /* pull-ups */
}

/* ---------------------------------------------------------------- LEDs */

static uint8_t strip[SB_STRIP_LEDS][3];

void sb_hal_set_led(uint16_t index, uint8_t red, uint8_t green, uint8_t blue) {
    if (index < SB_STRIP_LEDS) {
        strip[index][0] = red;
        strip[index][1] = green;
        strip[index][2] = blue;
    }
}

static void spi_send(uint8_t byte) {
    SPDR = byte;
    while ((SPSR & (1U << SPIF)) == 0) {
    }
}

/* APA102: a start frame of 32 zero bits, per LED 0xE0 | brightness, blue, green, red, then an end frame of at
 * least one clock per two LEDs. The core has scaled the colours by the Pi's brightness already. */
void sb_hal_show_leds(void) {
    uint8_t i;
    for (i = 0; i < 4; i++) {
        spi_send(0x00);
    }
    for (i = 0; i < SB_STRIP_LEDS; i++) {
        spi_send(0xE0 | 31);
        spi_send(strip[i][2]);
        spi_send(strip[i][1]);
        spi_send(strip[i][0]);
    }
    for (i = 0; i < (SB_STRIP_LEDS + 15) / 16; i++) {
        spi_send(0xFF);
    }
}

static void leds_init(void) {
    DDRB |= (uint8_t) ((1U << SB_PIN_LED_DATA) | (1U << SB_PIN_LED_CLOCK) | (1U << SB_PIN_SPI_SS) | (1U << SB_PIN_STATUS));
    SPCR = (uint8_t) ((1U << SPE) | (1U << MSTR)); /* mode 0, MSB first */
    SPSR = (uint8_t) (1U << SPI2X);                 /* 8 MHz: 342 bytes in 0.4 ms */
}

/* ---------------------------------------------------------------- the loop */

int main(void) {
    MCUSR = 0;
    wdt_disable(); /* a watchdog reset must not repeat itself */
    sensors_init();
    buttons_init();
    leds_init();
    timer_init();
    uart_init();
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    {
        /* A delimiter first: a frame the reset cut off on the line ends here, and the HELLO after it arrives whole. */
        static const uint8_t delimiter = 0;
        sb_hal_write(&delimiter, 1);
    }
    sb_board_init(&board, &hello);
    for (;;) {
        while (rx_tail != rx_head) {
            uint8_t byte = rx[rx_tail];
            rx_tail = (uint8_t) ((rx_tail + 1U) & (RX_RING - 1U));
            sb_board_receive(&board, &byte, 1);
            if (byte == 0) {
                PINB = (uint8_t) (1U << SB_PIN_STATUS); /* a frame's end: toggle D13 */
            }
        }
        sb_board_poll(&board);
        cli();
        if (rx_tail == rx_head) {
            sleep_enable();
            sei(); /* the instruction after sei runs first: no interrupt slips between it and sleep */
            sleep_cpu();
            sleep_disable();
        }
        sei();
    }
}
