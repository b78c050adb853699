package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * What changed from one public {@code state} to the next, for the public feed's {@code delta} topic: a viewer who
 * holds the state of {@code prev} makes the state of {@code seq} from it, and anyone else fetches that state whole
 * (docs/broadcast.md). A move's delta is its move in three arrays (USI, Japanese, time), the position and the clocks:
 * a few hundred bytes where the state grows past 3 KB.
 *
 * <pre>{"seq":S,"prev":P,"set":{fields},"merge":{"clock":{changed fields}},"cut":{"moves":n},"append":{"moves":[..]},
 *  "drop":[removed fields]}</pre>
 *
 * An array that grew is appended to; one that lost its end (a takeback) is cut; one that changed inside is cut to what
 * the two share and the rest appended. An object that kept its fields is merged: only its changed fields are sent,
 * each whole. Any other field that changed is set whole. {@link #apply} is the viewer's side
 * (the page has the same in TypeScript); {@code PublicDeltaTest} checks the two make every state of real games.
 */
final class PublicDelta {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PublicDelta() {
    }

    /** The delta that turns {@code before} into {@code after} (both whole states with their {@code seq}). */
    static ObjectNode between(JsonNode before, JsonNode after) {
        ObjectNode delta = NODES.objectNode();
        delta.put("seq", after.path("seq").asLong());
        delta.put("prev", before.path("seq").asLong());
        ObjectNode set = NODES.objectNode();
        ObjectNode merge = NODES.objectNode();
        ObjectNode cut = NODES.objectNode();
        ObjectNode append = NODES.objectNode();
        ArrayNode drop = NODES.arrayNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = after.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            JsonNode was = before.get(name);
            JsonNode now = field.getValue();
            if (name.equals("seq") || now.equals(was)) {
                continue;
            }
            if (was != null && was.isArray() && now.isArray()) {
                int common = 0;
                while (common < was.size() && common < now.size() && was.get(common).equals(now.get(common))) {
                    common++;
                }
                if (common < was.size()) {
                    cut.put(name, common);
                }
                if (common < now.size()) {
                    ArrayNode added = append.putArray(name);
                    for (int i = common; i < now.size(); i++) {
                        added.add(now.get(i));
                    }
                }
            } else if (was != null && was.isObject() && now.isObject() && keeps(was, now)) {
                merge.set(name, changes(was, now)); // the clock: its times change, its time control does not
            } else {
                set.set(name, now);
            }
        }
        before.fieldNames().forEachRemaining(name -> {
            if (!after.has(name)) {
                drop.add(name);
            }
        });
        putIfAny(delta, "set", set);
        putIfAny(delta, "merge", merge);
        putIfAny(delta, "cut", cut);
        putIfAny(delta, "append", append);
        putIfAny(delta, "drop", drop);
        return delta;
    }

    /** Whether {@code now} has every field {@code was} has: then a merge of the changed ones makes it. */
    private static boolean keeps(JsonNode was, JsonNode now) {
        for (Iterator<String> names = was.fieldNames(); names.hasNext(); ) {
            if (!now.has(names.next())) {
                return false;
            }
        }
        return true;
    }

    /** The fields of {@code now} that differ from {@code was}'s, each whole. */
    private static ObjectNode changes(JsonNode was, JsonNode now) {
        ObjectNode changed = NODES.objectNode();
        now.fields().forEachRemaining(f -> {
            if (!f.getValue().equals(was.get(f.getKey()))) {
                changed.set(f.getKey(), f.getValue());
            }
        });
        return changed;
    }

    /** The state {@code delta} makes of {@code state}, or null if it does not follow from it ({@code prev} differs). */
    static ObjectNode apply(JsonNode state, JsonNode delta) {
        if (state.path("seq").asLong() != delta.path("prev").asLong()) {
            return null;
        }
        ObjectNode made = state.deepCopy();
        delta.path("drop").forEach(name -> made.remove(name.asText()));
        delta.path("set").fields().forEachRemaining(f -> made.set(f.getKey(), f.getValue()));
        delta.path("merge").fields().forEachRemaining(f -> merge((ObjectNode) made.get(f.getKey()), f.getValue()));
        delta.path("cut").fields().forEachRemaining(f -> {
            ArrayNode array = (ArrayNode) made.get(f.getKey());
            while (array.size() > f.getValue().asInt()) {
                array.remove(array.size() - 1);
            }
        });
        delta.path("append").fields().forEachRemaining(f -> {
            JsonNode existing = made.get(f.getKey());
            ArrayNode array = existing instanceof ArrayNode a ? a : made.putArray(f.getKey());
            array.addAll((ArrayNode) f.getValue());
        });
        made.set("seq", delta.get("seq"));
        return made;
    }

    private static void merge(ObjectNode into, JsonNode changes) {
        changes.fields().forEachRemaining(f -> into.set(f.getKey(), f.getValue()));
    }

    private static void putIfAny(ObjectNode delta, String name, JsonNode part) {
        if (part.size() > 0) {
            delta.set(name, part);
        }
    }
}
