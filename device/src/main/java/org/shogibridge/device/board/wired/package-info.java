/**
 * Boards wired straight to the Pi: Pi4J drivers for shift-register chains, diode matrices and MCP23017s, WS2812B
 * and APA102 LEDs over SPI, buttons, and the scan thread.
 */
package org.shogibridge.device.board.wired;
