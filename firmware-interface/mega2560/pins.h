/*
 * The reference board's pin map: an Arduino Mega 2560 (ATmega2560 at 16 MHz) reading three chains of 74HC165 shift
 * registers, three push buttons and driving an APA102 LED strip. This header is the one place the wiring is written;
 * hardware-docs/reference-board.md draws it, and a test (ReferenceWiringTest) checks the drawing's labels against it.
 *
 * Pins are named as the Mega's silkscreen does (D22) and by the AVR port bit the firmware uses (PA0).
 */
#ifndef SB_MEGA_PINS_H
#define SB_MEGA_PINS_H

/*
 * Every pin is a bit number of the port its section names, with the Mega's label and what it connects to in the
 * comment ("D22 -> SH/LD"): the harness of sim/ includes this header too, so the simulated board is wired the same.
 */
/* ---------------------------------------------------------------- sensors: 74HC165 chains, bit-banged on port A
 * The three chains share SH/LD and CLK (CLK INH tied to GND, the last chip's SER tied to GND) and have a data line
 * each, all on port A, so one read of PINA per clock takes a bit from every chain: 168 clocks read the board.
 * Bit-banged rather than on the hardware SPI: the SPI drives the LED strip, and an APA102 strip on the same clock
 * would take the sensor reads as colours.
 *
 * Chain bit k is the k-th bit out after the load: chip 0 is the one nearest the Mega (its QH is the data line), and
 * its inputs H, G, ..., A are bits 0-7; chip 1's H..A are bits 8-15, and so on. A sensor reads 0 when it is active
 * (open-drain hall switches with a 10 kOhm pull-up on each input).
 */
#define SB_SENSOR_PORT 'A'
#define SB_PIN_LOAD     0 /* D22 -> SH/LD: PA0, every 74HC165's pin 1, active low */
#define SB_PIN_CLOCK    1 /* D23 -> CLK: PA1, every 74HC165's pin 2 */
#define SB_PIN_SQUARES  2 /* D24 <- QH board: PA2, pin 9 of the board chain's chip 0 */
#define SB_PIN_BLACK    3 /* D25 <- QH sente: PA3, black's komadai chain */
#define SB_PIN_WHITE    4 /* D26 <- QH gote: PA4, white's komadai chain */

/*
 * The board chain: per square in SFEN order (9a, 8a, ..., 1a, 9b, ...), with face sensing two unipolar Hall switches
 * (DRV5023), bit 2i the one branded face up (a piece face up: its magnet's south pole down) and bit 2i+1 the one turned
 * over (a piece face down, promoted), as hardware-docs/sensors-and-komadai.md places them; without face sensing one
 * omnipolar switch (DRV5033), bit i. 81 squares: 21 chips (168 bits) or 11 chips (88 bits).
 */
#ifndef SB_FACE_SENSING
#define SB_FACE_SENSING 1
#endif
#define SB_SQUARES 81
#define SB_SQUARE_BITS (SB_FACE_SENSING ? 2 : 1)
#define SB_SQUARE_CHIPS ((SB_SQUARES * SB_SQUARE_BITS + 7) / 8)
/* A komadai chain: a reed switch under each slot, in the HELLO's run order R 2, B 2, G 4, S 4, N 4, L 4, P 18. */
#define SB_SLOTS_PER_SIDE 38
#define SB_KOMADAI_CHIPS ((SB_SLOTS_PER_SIDE + 7) / 8)

/* ---------------------------------------------------------------- buttons on port C, to GND, internal pull-ups */
#define SB_BUTTON_PORT 'C'
#define SB_PIN_BLACK_CLOCK 7 /* D30 <- sente clock: PC7, black's clock button */
#define SB_PIN_WHITE_CLOCK 6 /* D31 <- gote clock: PC6, white's clock button */
#define SB_PIN_MENU        5 /* D32 <- menu: PC5, the menu button */

/* ---------------------------------------------------------------- LEDs: an APA102 strip on the hardware SPI */
#define SB_PIN_LED_DATA    2 /* D51 -> DI: PB2 (MOSI), the strip's data in */
#define SB_PIN_LED_CLOCK   1 /* D52 -> CI: PB1 (SCK), the strip's clock in */
#define SB_PIN_SPI_SS      0 /* D53 -> nc: PB0 (SS), an output or the SPI leaves master mode */
/* One LED per square in SFEN order, then one per komadai (black's, then white's): 83 on the strip. */
#define SB_STRIP_LEDS (SB_SQUARES + 2)

/* ---------------------------------------------------------------- status */
#define SB_PIN_STATUS      7 /* D13 -> L: PB7, the Mega's own LED, toggled by every frame from the Pi */

/* ---------------------------------------------------------------- the link: USART0 (D0/D1) is the Mega's USB serial */
#ifndef SB_BAUD
#define SB_BAUD 115200UL
#endif

#endif
