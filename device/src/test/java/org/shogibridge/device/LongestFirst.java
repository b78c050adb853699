package org.shogibridge.device;

import java.util.Comparator;
import java.util.Map;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * The order of the test classes that run side by side in one JVM (device/pom.xml names it for the unit tests and the
 * integration tests): the longest classes first, so that the last one to start is a short one. In the order the files
 * happen to lie on disk, the longest had started minutes in and ran alone to the end of a phase half as long again as
 * it needs to be. The seconds are what each class took on a fresh clone (a rough guide: only their order counts); a
 * class not listed counts as short and runs last.
 */
public final class LongestFirst implements ClassOrderer {
    private static final Map<String, Integer> SECONDS = Map.ofEntries(
            // the integration tests (failsafe); a class whose tests run side by side counts the sum of its tests
            Map.entry("NeverLoseAGameIT", 170),
            Map.entry("FirmwareBoardIT", 165),
            Map.entry("FirmwareBinaryIT", 140),
            Map.entry("BoardAgainstBoardIT", 140),
            Map.entry("DashboardE2eIT", 127),
            Map.entry("HubCatchUpIT", 77),
            Map.entry("DaemonCrashIT", 52),
            Map.entry("QuietLogIT", 44),
            Map.entry("CdnFeedsIT", 40),
            Map.entry("LoadIT", 32),
            // the unit tests' longest (surefire)
            Map.entry("DaemonMenuGameTest", 36),
            Map.entry("DaemonBrokerAccessTest", 31),
            Map.entry("DaemonHardwareButtonsTest", 31),
            Map.entry("EventHubTest", 26),
            Map.entry("DaemonFeaturesTest", 25),
            Map.entry("DaemonTsumeTest", 25),
            Map.entry("DaemonTest", 25),
            Map.entry("DaemonButtonsTest", 25),
            Map.entry("DaemonCommandFloodTest", 22),
            Map.entry("OnlineDaemonTest", 20),
            Map.entry("DaemonStorageTest", 18),
            Map.entry("DaemonReviewTest", 17),
            Map.entry("WebServerLimitsTest", 14),
            Map.entry("DaemonVoiceTest", 14),
            Map.entry("PlayerFacingTextTest", 12),
            Map.entry("BrokerOutageTest", 12),
            Map.entry("UsiEngineServerTest", 10),
            Map.entry("DaemonTutorTest", 9));

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparingInt(
                (org.junit.jupiter.api.ClassDescriptor c) -> -SECONDS.getOrDefault(c.getTestClass().getSimpleName(), 0))
                .thenComparing(c -> c.getTestClass().getName()));
    }
}
