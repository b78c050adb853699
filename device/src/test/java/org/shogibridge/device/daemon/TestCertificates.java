package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A CA and a broker certificate for 127.0.0.1 signed by it, made with openssl as a club would make them. */
final class TestCertificates {
    private TestCertificates() {
    }

    /** Make ca.pem, ca.key, broker.pem and broker.key in the directory. */
    static void make(Path dir) throws IOException, InterruptedException {
        String d = dir.toString();
        run(dir, "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Test club CA",
                "-keyout", d + "/ca.key", "-out", d + "/ca.pem");
        run(dir, "openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", d + "/broker.key",
                "-out", d + "/broker.csr");
        Files.writeString(dir.resolve("san.cnf"), "subjectAltName=IP:127.0.0.1\n");
        run(dir, "openssl", "x509", "-req", "-in", d + "/broker.csr", "-CA", d + "/ca.pem", "-CAkey", d + "/ca.key",
                "-CAcreateserial", "-days", "2", "-extfile", d + "/san.cnf", "-out", d + "/broker.pem");
    }

    /** Bundle broker.key and broker.pem into a PKCS#12 key store, as docs/security.md tells a user to. */
    static Path keystore(Path dir, String password) throws IOException, InterruptedException {
        String d = dir.toString();
        run(dir, "openssl", "pkcs12", "-export", "-inkey", d + "/broker.key", "-in", d + "/broker.pem", "-certfile", d + "/ca.pem",
                "-name", "broker", "-passout", "pass:" + password, "-out", d + "/broker.p12");
        return dir.resolve("broker.p12");
    }

    /** Let Mosquitto, started as root, read these files after it drops to its own user. */
    static void readableByTheBroker(Path dir) throws IOException {
        if (!Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            return;
        }
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                if (Files.isRegularFile(f)) {
                    Files.setPosixFilePermissions(f, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }

    /** The fenced code blocks of a Markdown text, in order: a document's configuration, run as written. */
    static java.util.List<String> codeBlocks(String markdown) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("```\\n(.*?)```", java.util.regex.Pattern.DOTALL).matcher(markdown);
        java.util.List<String> blocks = new java.util.ArrayList<>();
        while (m.find()) {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    static void run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("tools.log").toFile()).start();
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + Files.readString(dir.resolve("tools.log")));
    }
}
