package org.shogibridge.device.mqtt;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * Keeps the embedded broker's lines that are no one's error out of a Pi's journal (issue 43), set in logback.xml:
 * <ul>
 * <li>its "Closing Netty channel" ERROR when the cause is only a client that went away (a viewer's tab closed, a
 * phone left the Wi-Fi: an I/O error on the socket), one per departing viewer, or one that gave up on TLS (it does
 * not trust the broker's certificate: the client says so);</li>
 * <li>its ERROR for every publish the roles refuse, which a client could repeat without end: {@link BrokerRoles}
 * says it once per client instead;</li>
 * <li>Netty's "reached at the tail of the pipeline" WARN when the broker wrote to a viewer whose socket had just
 * closed (the write fails with a closed-channel error no handler is left to take);</li>
 * <li>its "SUBSCRIBE (or DISCONNECT) received on already closed connection" WARN: a viewer that left with its
 * subscribe or goodbye still on the way, or one whose SUBSCRIBE overtook its CONNACK, which Moquette 0.17 drops and
 * the viewer makes again (see {@link FreshSubscription}; the dashboard's mqtt.js reconnects by itself);</li>
 * <li>its "CONNACK is sent but the session created can't transition in CONNECTED state" WARN: a client that left, or
 * connected again under its name, while its CONNACK was on the way; Moquette closes that connection, and a client
 * still there connects again by itself (QuietLogIT beside two CPU-bound loops, with viewers coming and going);</li>
 * <li>its "Session event loop ... terminated with error" ERROR and stack trace, printed when the broker stops after one
 * of its threads failed: {@link EmbeddedBroker} has said so in one line when it failed, and restarted it.</li>
 * </ul>
 * Any other line of the broker is still logged.
 */
public final class BrokerLogFilter extends Filter<ILoggingEvent> {
    private static final String HANDLER = "io.moquette.broker.NewNettyMQTTHandler";
    private static final String POST_OFFICE = "io.moquette.broker.PostOffice";
    private static final String PIPELINE = "io.netty.channel.DefaultChannelPipeline";
    private static final String CONNECTION = "io.moquette.broker.MQTTConnection";
    private static final String SESSION_LOOPS = "io.moquette.broker.SessionEventLoopGroup";

    @Override
    public FilterReply decide(ILoggingEvent event) {
        String message = String.valueOf(event.getMessage());
        if (event.getLoggerName().equals(POST_OFFICE) && message.contains("not authorized to publish")) {
            return FilterReply.DENY;
        }
        if (event.getLoggerName().equals(CONNECTION) && (message.endsWith("received on already closed connection")
                || message.startsWith("CONNACK is sent but the session created can't transition"))) {
            return FilterReply.DENY;
        }
        if (event.getLoggerName().equals(SESSION_LOOPS) && message.startsWith("Session event loop")
                && message.endsWith("terminated with error")) {
            return FilterReply.DENY;
        }
        if (!event.getLoggerName().equals(HANDLER) && !event.getLoggerName().equals(PIPELINE)) {
            return FilterReply.NEUTRAL;
        }
        for (IThrowableProxy cause = event.getThrowableProxy(); cause != null; cause = cause.getCause()) {
            if (isIoError(cause.getClassName())) {
                return FilterReply.DENY;
            }
        }
        return FilterReply.NEUTRAL;
    }

    /**
     * A socket's end: java.io's IOException and its kin (a reset, a broken pipe, Netty's closed-channel errors), and a
     * TLS handshake the client broke off.
     */
    private static boolean isIoError(String className) {
        return className.equals("java.io.IOException") || className.equals("java.net.SocketException")
                || className.equals("io.netty.channel.unix.Errors$NativeIoException")
                || className.equals("java.nio.channels.ClosedChannelException")
                || className.equals("io.netty.channel.StacklessClosedChannelException")
                || className.startsWith("javax.net.ssl.SSL");
    }
}
