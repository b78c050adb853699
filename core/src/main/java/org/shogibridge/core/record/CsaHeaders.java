package org.shogibridge.core.record;

import java.util.Map;

/** The CSA names of record headers: {@code $EVENT} is 棋戦, {@code $START_TIME} is 開始日時, and so on. */
final class CsaHeaders {
    /** Declares a variant other than standard shogi; not a header of the record. */
    static final String VARIANT = "VARIANT";

    private static final Map<String, String> TO_KIF = Map.of(
            "EVENT", "棋戦",
            "SITE", "場所",
            "START_TIME", "開始日時",
            "END_TIME", "終了日時",
            "TIME_LIMIT", "持ち時間",
            "OPENING", "戦型");

    private CsaHeaders() {
    }

    /** Return the record's key for a CSA {@code $} key; unknown keys are kept as they are. */
    static String toRecordKey(String csaKey) {
        return TO_KIF.getOrDefault(csaKey, csaKey);
    }

    /** Return the CSA {@code $} key for a record key. */
    static String toCsaKey(String recordKey) {
        for (Map.Entry<String, String> e : TO_KIF.entrySet()) {
            if (e.getValue().equals(recordKey)) {
                return e.getKey();
            }
        }
        return recordKey;
    }
}
