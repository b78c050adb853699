/**
 * The board port and its adapters: the simulated board, a microcontroller's board over serial or TCP (the board
 * protocol), and the sensor test's checks.
 */
package org.shogibridge.device.board;
