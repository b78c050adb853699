package org.shogibridge.device.board;

import java.io.IOException;

/** A byte stream to a board's microcontroller: a serial port or a TCP socket. Used by one thread at a time. */
public interface BoardLink extends AutoCloseable {

    /** Connect (find and open the device, or connect the socket); an IOException says clearly why it cannot. */
    void open() throws IOException;

    /** Read what has arrived into the buffer, waiting briefly; return 0 if nothing came. Throws when the link is gone. */
    int read(byte[] buffer) throws IOException;

    void write(byte[] bytes, int length) throws IOException;

    /** Close the link (it may be opened again). */
    @Override
    void close();

    /** Return what the link is connected to, for logs: "/dev/ttyACM0", "tcp://10.0.0.7:5151". */
    String describe();
}
