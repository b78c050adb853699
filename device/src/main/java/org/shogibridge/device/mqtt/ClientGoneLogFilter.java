package org.shogibridge.device.mqtt;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * Keeps the embedded broker's "Closing Netty channel" ERROR out of the log when its cause is only a client that went
 * away (a viewer's tab closed, a phone left the Wi-Fi: an I/O error on the socket). A Pi's journal showed one per
 * departing viewer (issue 43); any other exception of the broker is still logged. Set in logback.xml.
 */
public final class ClientGoneLogFilter extends Filter<ILoggingEvent> {
    private static final String HANDLER = "io.moquette.broker.NewNettyMQTTHandler";

    @Override
    public FilterReply decide(ILoggingEvent event) {
        if (!event.getLoggerName().equals(HANDLER)) {
            return FilterReply.NEUTRAL;
        }
        for (IThrowableProxy cause = event.getThrowableProxy(); cause != null; cause = cause.getCause()) {
            if (isIoError(cause.getClassName())) {
                return FilterReply.DENY;
            }
        }
        return FilterReply.NEUTRAL;
    }

    /** A socket's end: java.io's IOException and its kin (a reset, a broken pipe, Netty's closed-channel errors). */
    private static boolean isIoError(String className) {
        return className.equals("java.io.IOException") || className.equals("java.net.SocketException")
                || className.equals("io.netty.channel.unix.Errors$NativeIoException")
                || className.equals("java.nio.channels.ClosedChannelException");
    }
}
