package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A team match (団体戦) between clubs, board against board (docs/remote-play.md): the games whose pairing names a team
 * for each side, scored by team pair, and how a board's state shows it is the guest of a game another board hosts.
 */
final class TeamMatch {
    private TeamMatch() {
    }

    /** One game of the round as the index shows it: its pairing (or null) and its result ({@code 1-0}, {@code *}...). */
    record Game(Pairings.Pairing pairing, String result) {
    }

    /**
     * Score the games by team pair, in the order the pairs first appear: for each, the two teams, each one's wins,
     * the draws, and how many games are finished of how many ({@code {"teams":["京都","大阪"],"wins":[2,1],...}}).
     */
    static void score(ArrayNode out, List<Game> games) {
        Map<String, int[]> byPair = new LinkedHashMap<>(); // wins of the first, wins of the second, draws, games, finished
        Map<String, String[]> teams = new LinkedHashMap<>();
        for (Game g : games) {
            if (g.pairing() == null || !g.pairing().teams()) {
                continue;
            }
            String sente = g.pairing().senteTeam();
            String gote = g.pairing().goteTeam();
            String key = sente.compareTo(gote) <= 0 ? sente + "\n" + gote : gote + "\n" + sente;
            String[] pair = teams.computeIfAbsent(key, k -> new String[] {sente, gote});
            int[] score = byPair.computeIfAbsent(key, k -> new int[5]);
            score[3]++;
            if (g.result().equals("*")) {
                continue;
            }
            score[4]++;
            String winner = g.result().equals("1-0") ? sente : g.result().equals("0-1") ? gote : null;
            if (winner == null) {
                score[2]++;
            } else {
                score[winner.equals(pair[0]) ? 0 : 1]++;
            }
        }
        byPair.forEach((key, score) -> {
            String[] pair = teams.get(key);
            ObjectNode match = out.addObject();
            match.putArray("teams").add(pair[0]).add(pair[1]);
            match.putArray("wins").add(score[0]).add(score[1]);
            match.put("draws", score[2]).put("games", score[3]).put("finished", score[4]);
        });
    }

    /** Whether a board's state is the guest's copy of a game another board hosts (the host's board shows the game). */
    static boolean isGuest(JsonNode state) {
        JsonNode players = state.path("players");
        return hosts(players.path("black")) || hosts(players.path("white"));
    }

    private static boolean hosts(JsonNode player) {
        return player.path("type").asText().equals("board") && player.path("hosts").asBoolean();
    }

    /** The other board's id of a host's game (board against board), or null. */
    static String guestOf(JsonNode state) {
        for (String side : List.of("black", "white")) {
            JsonNode player = state.path("players").path(side);
            if (player.path("type").asText().equals("board") && !player.path("hosts").asBoolean()) {
                String address = player.path("board").asText("");
                return address.substring(address.indexOf('/') + 1);
            }
        }
        return null;
    }

    /** Whether a kept game is a guest's copy of another kept game (its id is the host's, then {@code -<guest board>}). */
    static boolean isGuestCopy(String id, java.util.Collection<String> ids) {
        for (String other : ids) {
            if (id.length() > other.length() + 1 && id.startsWith(other + "-")) {
                return true;
            }
        }
        return false;
    }
}
