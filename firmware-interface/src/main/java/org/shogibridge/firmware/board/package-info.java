/**
 * A board's geometry and the translation between wire readings and the core's snapshots and LED frames.
 */
package org.shogibridge.firmware.board;
