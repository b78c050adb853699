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
            "DashboardE2eIT", 200,
            "FirmwareBoardIT", 160,
            "FirmwareBinaryIT", 105,
            "BoardAgainstBoardIT", 101,
            "NeverLoseAGameIT", 90,
            "DaemonCrashIT", 75,
            "QuietLogIT", 60,
            "HubCatchUpIT", 47,
            "LoadIT", 40);

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparingInt(
                (org.junit.jupiter.api.ClassDescriptor c) -> -SECONDS.getOrDefault(c.getTestClass().getSimpleName(), 0))
                .thenComparing(c -> c.getTestClass().getName()));
    }
}
