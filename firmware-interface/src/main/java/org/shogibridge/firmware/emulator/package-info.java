/**
 * A board's firmware in Java, with fault injection, over TCP or a socat pseudo-terminal: what the tests and
 * benchmarks speak the board protocol to.
 */
package org.shogibridge.firmware.emulator;
