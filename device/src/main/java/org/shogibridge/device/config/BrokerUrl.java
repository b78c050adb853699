package org.shogibridge.device.config;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * A broker URL that may carry its account ({@code tcp://table3:secret@host:1883}, as mosquitto_sub takes it): the
 * account is taken out before the URL is used or shown, so no log line holds a password.
 */
public final class BrokerUrl {
    private BrokerUrl() {
    }

    /** The URL with its account's password hidden, for messages. */
    public static String redacted(String url) {
        String[] account = account(url);
        return account == null ? url : url.replaceFirst("//[^@/]*@", "//" + account[0] + ":***@");
    }

    /** The URL without its account, to connect to. */
    public static String withoutAccount(String url) {
        return account(url) == null ? url : url.replaceFirst("//[^@/]*@", "//");
    }

    /** The user and password (null if none) written in a URL, or null when it has no account. */
    public static String[] account(String url) {
        int scheme = url.indexOf("//");
        int at = scheme < 0 ? -1 : url.indexOf('@', scheme);
        int slash = scheme < 0 ? -1 : url.indexOf('/', scheme + 2);
        if (at < 0 || (slash >= 0 && slash < at)) {
            return null;
        }
        String info = url.substring(scheme + 2, at);
        int colon = info.indexOf(':');
        String user = URLDecoder.decode(colon < 0 ? info : info.substring(0, colon), StandardCharsets.UTF_8);
        String password = colon < 0 ? null : URLDecoder.decode(info.substring(colon + 1), StandardCharsets.UTF_8);
        return new String[] {user, password};
    }
}
