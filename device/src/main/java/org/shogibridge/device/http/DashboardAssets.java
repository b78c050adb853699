package org.shogibridge.device.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPOutputStream;

/**
 * The dashboard's files in the jar, each read once and kept with its gzip form: a phone on the club's Wi-Fi loads
 * about a third of the bytes, and the Pi compresses each file once, not per viewer.
 */
public final class DashboardAssets {
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8", "json", "application/json", "svg", "image/svg+xml", "png", "image/png",
            "ico", "image/x-icon");

    /** One file: its type, its bytes, and its gzip form when that is smaller (text), else null. */
    public record Asset(String type, byte[] bytes, byte[] gzip, boolean immutable) {
    }

    private final String root;
    /**
     * The files found, each read once. Only files are kept, never a miss: the jar's files bound it, whereas a flood of
     * made-up paths once filled the heap with one empty entry each (issue 43).
     */
    private final Map<String, Asset> cache = new ConcurrentHashMap<>();

    /** Serve the classpath folder {@code root} (e.g. {@code /dashboard/}). */
    public DashboardAssets(String root) {
        this.root = root;
    }

    /** Return the file at this path below the root, or empty when there is none (or the name tries to leave it). */
    public Optional<Asset> find(String name) {
        if (name.isEmpty() || name.contains("..") || name.contains("//") || name.contains("\\")) {
            return Optional.empty();
        }
        Asset cached = cache.get(name);
        if (cached != null) {
            return Optional.of(cached);
        }
        Asset found = load(name);
        if (found == null) {
            return Optional.empty();
        }
        Asset first = cache.putIfAbsent(name, found);
        return Optional.of(first != null ? first : found);
    }

    /** How many files are kept (for tests). */
    int cachedFiles() {
        return cache.size();
    }

    /** The file, or null when the jar has none by that name. */
    private Asset load(String name) {
        try (InputStream in = DashboardAssets.class.getResourceAsStream(root + name)) {
            if (in == null) {
                return null;
            }
            byte[] bytes = in.readAllBytes();
            String type = TYPES.getOrDefault(name.substring(name.lastIndexOf('.') + 1), "application/octet-stream");
            byte[] gzip = compressible(type) ? gzip(bytes) : null;
            // Vite names the files under assets/ by their content hash: a new build has new names.
            return new Asset(type, bytes, gzip != null && gzip.length < bytes.length ? gzip : null, name.startsWith("assets/"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean compressible(String type) {
        return type.startsWith("text/") || type.equals("application/json") || type.equals("image/svg+xml");
    }

    /** Return the bytes gzip-compressed. */
    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 3 + 64);
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: cannot happen
        }
        return out.toByteArray();
    }
}
