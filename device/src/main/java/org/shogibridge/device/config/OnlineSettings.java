package org.shogibridge.device.config;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Online play checked (the {@code online} keys, docs/online.md): the site, the account's token read from its file (the
 * token is never a configuration value, an option or a log line), whether challenges are accepted, and the seek's
 * form fields as lishogi's {@code /api/board/seek} takes them.
 */
public record OnlineSettings(URI site, String token, boolean acceptChallenges, Map<String, String> seek) {

    @Override
    public String toString() {
        return "OnlineSettings[" + site + ", token hidden, acceptChallenges=" + acceptChallenges + ", seek=" + seek + "]";
    }

    /** The checked settings, or null when online play is off ({@code online.service} not given). */
    static OnlineSettings of(DaemonConfig.Online o, ConfigCheck check) throws ConfigException {
        if (o == null || o.service() == null) {
            return null;
        }
        check.oneOf("online.service", o.service(), Map.of("lishogi", "lishogi"));
        URI site;
        try {
            site = new URI(o.url());
        } catch (java.net.URISyntaxException | NullPointerException e) {
            throw check.fail("online.url", "must be the site's address, https://lishogi.org");
        }
        if (!("https".equals(site.getScheme()) || "http".equals(site.getScheme())) || site.getHost() == null) {
            throw check.fail("online.url", "must be the site's address, https://lishogi.org, not '" + o.url() + "'");
        }
        if (o.tokenFile() == null || o.tokenFile().isBlank()) {
            throw check.fail("online.token-file", "must name the file holding the account's API token (docs/online.md)");
        }
        String token;
        try {
            token = Files.readString(Path.of(o.tokenFile()), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw check.fail("online.token-file", "cannot be read (" + o.tokenFile() + ")");
        }
        if (!token.matches("[A-Za-z0-9_-]{8,200}")) {
            throw check.fail("online.token-file", "must hold one API token (letters, digits, '_' and '-'), nothing else");
        }
        DaemonConfig.Seek s = o.seek();
        Map<String, String> seek = new LinkedHashMap<>();
        seek.put("time", Integer.toString(check.range("online.seek.minutes", s.minutes(), 0, 180)));
        seek.put("byoyomi", Integer.toString(check.range("online.seek.byoyomi-seconds", s.byoyomiSeconds(), 0, 120)));
        seek.put("increment", Integer.toString(check.range("online.seek.increment-seconds", s.incrementSeconds(), 0, 120)));
        seek.put("rated", Boolean.toString(Boolean.TRUE.equals(s.rated())));
        seek.put("variant", check.oneOf("online.seek.variant", s.variant(), Map.of("standard", "standard", "minishogi", "minishogi")));
        return new OnlineSettings(site, token, !Boolean.FALSE.equals(o.acceptChallenges()), Map.copyOf(seek));
    }
}
