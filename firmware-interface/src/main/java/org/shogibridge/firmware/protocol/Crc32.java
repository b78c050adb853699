package org.shogibridge.firmware.protocol;

import java.util.zip.CRC32;

/**
 * The checksum of every frame: CRC-32 as zlib, Ethernet and PNG compute it (polynomial 0x04C11DB7, reflected, initial
 * value and final XOR 0xFFFFFFFF; the CRC of the ASCII "123456789" is 0xCBF43926). Thirty-two bits rather than
 * sixteen: a damaged frame that still ends cleanly passes a CRC by chance once in 2^32, not once in 65,536 — a ghost
 * move is the failure users of sensor boards hate most. One instance per encoder or decoder, reused: no allocation.
 */
final class Crc32 {
    private final CRC32 crc = new CRC32();

    /** Return the CRC of {@code length} bytes from {@code offset}. */
    int of(byte[] data, int offset, int length) {
        crc.reset();
        crc.update(data, offset, length);
        return (int) crc.getValue();
    }
}
