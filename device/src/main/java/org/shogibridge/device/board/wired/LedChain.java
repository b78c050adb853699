package org.shogibridge.device.board.wired;

import com.pi4j.io.spi.Spi;
import java.util.Arrays;
import org.shogibridge.core.inference.LedFrame;

/**
 * A chain of addressable LEDs on an SPI bus: renders the core's frame ({@link LedPixels}), encodes it
 * ({@link LedEncoding}) and writes the bytes only when they differ from the last ones sent: a still picture costs no
 * SPI traffic, a blinking one a transfer per blink phase.
 */
public final class LedChain implements AutoCloseable {
    /** Where the bytes go: the SPI bus, or nowhere for a benchmark. */
    public interface Output extends AutoCloseable {
        void write(byte[] bytes, int length);

        @Override
        default void close() {
        }
    }

    private final Output spi;
    private final LedEncoding encoding;
    private final LedPixels pixels;
    private final byte[] bytes;
    private final byte[] sent;
    private boolean anySent;
    private long framesSent;

    public LedChain(Spi spi, LedEncoding encoding, LedPixels pixels) {
        this(new Output() {
            @Override
            public void write(byte[] bytes, int length) {
                spi.write(bytes, 0, length);
            }

            @Override
            public void close() {
                spi.close();
            }
        }, encoding, pixels);
    }

    public LedChain(Output spi, LedEncoding encoding, LedPixels pixels) {
        this.spi = spi;
        this.encoding = encoding;
        this.pixels = pixels;
        int n = encoding.bytes(pixels.layout().leds());
        this.bytes = new byte[n];
        this.sent = new byte[n];
    }

    /** Show the frame as it looks at {@code millis}, if that changes what the LEDs show; return true if it did. */
    public boolean show(LedFrame frame, long millis) {
        byte[] rgb = pixels.render(frame, millis);
        int n = encoding.encode(rgb, pixels.layout().leds(), bytes);
        if (anySent && Arrays.equals(bytes, 0, n, sent, 0, n)) {
            return false;
        }
        spi.write(bytes, n);
        System.arraycopy(bytes, 0, sent, 0, n);
        anySent = true;
        framesSent++;
        return true;
    }

    /** Return how many frames went out on the bus. */
    public long framesSent() {
        return framesSent;
    }

    /** Return the current the picture last shown draws, estimated, in mA. */
    public double milliamps() {
        return pixels.milliamps();
    }

    public int leds() {
        return pixels.layout().leds();
    }

    /** Turn every LED off and release the bus. */
    @Override
    public void close() {
        show(new LedFrame(pixels.layout().squares()), 0);
        spi.close();
    }
}
