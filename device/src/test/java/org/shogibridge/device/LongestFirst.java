package org.shogibridge.device;

import java.util.Comparator;
import java.util.Map;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * The order of the integration tests (device/pom.xml names it): the longest classes first, so that the last one to
 * start is a short one. The classes run side by side in one JVM; in the order the files happen to lie on disk, the
 * longest had started three minutes in and ran alone to the end of a phase half as long again as it needs to be.
 * The seconds are what each class took on a fresh clone (a rough guide: only their order counts); a class not listed
 * counts as short and runs last.
 */
public final class LongestFirst implements ClassOrderer {
    private static final Map<String, Integer> SECONDS = Map.of(
            "NeverLoseAGameIT", 216,
            "BoardAgainstBoardIT", 211,
            "DashboardE2eIT", 208,
            "FirmwareBinaryIT", 80,
            "DaemonCrashIT", 66,
            "HubCatchUpIT", 65,
            "FirmwareBoardIT", 55,
            "QuietLogIT", 48,
            "LoadIT", 35);

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparingInt(
                (org.junit.jupiter.api.ClassDescriptor c) -> -SECONDS.getOrDefault(c.getTestClass().getSimpleName(), 0))
                .thenComparing(c -> c.getTestClass().getName()));
    }
}
