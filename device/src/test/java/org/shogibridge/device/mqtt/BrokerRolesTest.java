package org.shogibridge.device.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Who may publish where on the embedded broker (the real clients are in DaemonBrokerAccessTest). */
class BrokerRolesTest {
    private final BrokerRoles roles = new BrokerRoles("shogi/v1/club/b1", List.of(), BrokerRoles.Role.ARBITER);

    @ParameterizedTest
    @CsvSource({
            "shogi/v1/club/b1/state, BOARD, true",
            "shogi/v1/club/b2/state, BOARD, false",
            "shogi/v1/club/b1/state, ARBITER, false",
            "shogi/v1/club/b1/cmd/sim, ARBITER, true",
            "shogi/v1/club/b1/cmd/sim/result, ARBITER, false",
            "shogi/v1/public/club/b1/state, ARBITER, true", // an event hub's public feed
            "shogi/v1/public/, ARBITER, false",
            "shogi/v1/public/club/b1/state, VIEWER, false",
            "shogi/v1/club/b1/cmd/sim, VIEWER, false",
    })
    void eachRoleWritesOnlyItsTopics(String topic, BrokerRoles.Role role, boolean may) {
        assertEquals(may, roles.mayWrite(topic, role), role + " on " + topic);
    }
}
