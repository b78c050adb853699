/**
 * The board protocol's codec (PROTOCOL.md): COBS frames with a CRC-32, a streaming decoder that allocates nothing,
 * counts faults and never throws.
 */
package org.shogibridge.firmware.protocol;
