package org.shogibridge.firmware.protocol;

/**
 * HELLO: what a board is and can do, sent after SYNC (and at power-up). The Pi checks the protocol version and the
 * geometry against its configuration before it trusts a single snapshot.
 *
 * @param protocolMajor   a different major version cannot be spoken: the Pi refuses the board, naming both versions
 * @param protocolMinor   a newer minor version may append fields to bodies, which an older reader ignores
 * @param firmwareName    up to 24 printable ASCII characters
 * @param firmwareVersion major, minor, patch
 * @param files           9, 10 or 5
 * @param ranks           9, 10 or 5
 * @param features        {@link Protocol#FEATURE_FACE_SENSING} and the other feature bits
 * @param scanHz          how often the board scans
 * @param heartbeatMillis the longest the board stays silent: it sends a snapshot at least this often
 * @param komadai         the komadai slots
 * @param ledGroupsBlack  one letter per LED group of black's komadai: the kind it lights, or '*' for the whole stand
 * @param ledGroupsWhite  the same for white's
 */
public record Hello(int protocolMajor, int protocolMinor, String firmwareName, int[] firmwareVersion, int files, int ranks,
        int features, int scanHz, int heartbeatMillis, KomadaiLayout komadai, String ledGroupsBlack, String ledGroupsWhite) {
    public static final int MAX_NAME = 24;
    public static final int MAX_GROUPS = 16;

    public boolean has(int feature) {
        return (features & feature) != 0;
    }

    public int squares() {
        return files * ranks;
    }

    /** Return "1.0", the protocol version as people read it. */
    public String protocol() {
        return protocolMajor + "." + protocolMinor;
    }

    public String firmware() {
        return firmwareName + " " + firmwareVersion[0] + "." + firmwareVersion[1] + "." + firmwareVersion[2];
    }

    public int ledGroups() {
        return ledGroupsBlack.length() + ledGroupsWhite.length();
    }

    public void write(BodyWriter out) {
        out.clear().u8(protocolMajor).u8(protocolMinor).u8(firmwareVersion[0]).u8(firmwareVersion[1]).u8(firmwareVersion[2])
                .text(firmwareName).u8(files).u8(ranks).u8(features).u8(scanHz).u16(heartbeatMillis);
        komadai.write(out);
        out.text(ledGroupsBlack).text(ledGroupsWhite);
    }

    /** Return the HELLO in this body, or null if it is malformed (fields beyond the known ones are ignored). */
    public static Hello read(BodyReader in) {
        int major = in.u8();
        int minor = in.u8();
        int[] version = {in.u8(), in.u8(), in.u8()};
        String name = in.text(MAX_NAME);
        int files = in.u8();
        int ranks = in.u8();
        int features = in.u8();
        int scanHz = in.u8();
        int heartbeat = in.u16();
        if (in.malformed()) {
            return null;
        }
        KomadaiLayout komadai = KomadaiLayout.read(in);
        String black = in.text(MAX_GROUPS);
        String white = in.text(MAX_GROUPS);
        if (komadai == null || in.malformed()) {
            return null;
        }
        return new Hello(major, minor, name, version, files, ranks, features, scanHz, heartbeat, komadai, black, white);
    }
}
