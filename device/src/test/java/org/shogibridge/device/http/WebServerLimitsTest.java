package org.shogibridge.device.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.journal.GameArchive;

/** The web server's edges under a careless or hostile client (issue 43, findings 1 and 2), each reproduced first. */
class WebServerLimitsTest {
    @TempDir
    Path data;

    private WebServer start() throws Exception {
        var settings = new ConfigLoader().load(null, Map.of("data-dir", data.toString(), "http.port", 0));
        return new WebServer("127.0.0.1", 0, new GameArchive(data.resolve("games")), settings, format -> null);
    }

    /** Before: two connections that sent half a request held both handler threads, and the page never loaded. */
    @Test
    void twoSlowClientsNoLongerStopThePageAndAreClosedInTime() throws Exception {
        try (WebServer web = start()) {
            List<Socket> slow = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Socket s = new Socket("127.0.0.1", web.port());
                s.getOutputStream().write("GET / HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII)); // and nothing more
                s.getOutputStream().flush();
                slow.add(s);
            }
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(60)).build();
            HttpResponse<String> config = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + web.port() + "/config.json"))
                    .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, config.statusCode());
            // In that order: answered while the slow clients still hold their connections (the old server answered
            // only once their request time had closed one); no duration is measured.
            for (Socket s : slow) {
                assertTrue(stillOpen(s), "answered while the slow clients still hold their connections");
            }
            for (Socket s : slow) {
                s.setSoTimeout((HttpService.REQUEST_SECONDS + 15) * 1000);
                InputStream in = s.getInputStream();
                // The server closes an incomplete request after MAX_REQUEST_SECONDS (a read timeout here fails the test).
                assertEquals(-1, in.read(), "closed, not answered");
                s.close();
            }
        }
    }

    /** Whether the server has not closed this connection: a read finds no end of stream (it waits, or finds bytes). */
    private static boolean stillOpen(Socket s) {
        try {
            s.setSoTimeout(1);
            return s.getInputStream().read() != -1;
        } catch (java.net.SocketTimeoutException waiting) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Before: each unknown path was kept as an empty entry, and a flood of made-up URLs filled the heap. */
    @Test
    void aFloodOfUnknownPathsKeepsNothing() {
        DashboardAssets assets = new DashboardAssets("/dashboard/");
        for (int i = 0; i < 20_000; i++) {
            assertTrue(assets.find("no-such-page-" + i + "-" + "x".repeat(200)).isEmpty());
        }
        assertEquals(0, assets.cachedFiles());
        assertTrue(assets.find("index.html").isPresent()); // the web-dashboard jar is a dependency
        assets.find("index.html");
        assertEquals(1, assets.cachedFiles(), "a file is kept once");
    }

    /**
     * Before (issue 84, finding 1): with eight half-sent requests the JDK server's eight threads were all reading,
     * and every other request waited ~10 s for one of them to time out. A request is now read without a thread.
     */
    @Test
    void manyHalfSentRequestsDoNotDelayThePage() throws Exception {
        try (WebServer web = start()) {
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < 200; i++) {
                    Socket s = new Socket("127.0.0.1", web.port());
                    s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                    slow.add(s);
                }
                HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(60)).build();
                for (int i = 0; i < 20; i++) {
                    HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + web.port()
                            + (i % 2 == 0 ? "/" : "/config.json"))).timeout(Duration.ofSeconds(60)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, page.statusCode());
                }
                // All answered while the half-sent requests were still being read: the old server answered only when
                // one of them had timed out and been closed.
                assertTrue(slow.stream().allMatch(WebServerLimitsTest::stillOpen), "answered while every slow client waits");
            } finally {
                for (Socket s : slow) {
                    s.close();
                }
            }
        }
    }

    /**
     * Before (finding 2): a 100,000-character path was read whole and looked up in the jar, and 16 of them at a time
     * filled a 96 MB heap. Now a request line over {@link HttpService#MAX_REQUEST_LINE} is refused as it arrives.
     */
    @Test
    void aLongUrlIsRefusedWith414AndTheServerGoesOn() throws Exception {
        try (WebServer web = start()) {
            String answer = rawRequest(web.port(), "GET /" + "a".repeat(100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(answer.startsWith("HTTP/1.1 414 "), answer);
            String headers = rawRequest(web.port(), "GET / HTTP/1.1\r\nHost: x\r\nX-Junk: " + "b".repeat(100_000) + "\r\n\r\n");
            assertTrue(headers.startsWith("HTTP/1.1 431 "), headers);
            String page = rawRequest(web.port(), "GET /config.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            assertTrue(page.startsWith("HTTP/1.1 200 "), page);
        }
    }

    /** Send one request as raw bytes and return the answer's first line and headers (what arrives before the body). */
    private static String rawRequest(int port, String request) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            try {
                s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
            } catch (java.io.IOException e) {
                // the server may answer and close before it has read all of a long request
            }
            byte[] buffer = new byte[512];
            int n = s.getInputStream().read(buffer);
            return n < 0 ? "(closed)" : new String(buffer, 0, n, StandardCharsets.US_ASCII);
        }
    }
}
