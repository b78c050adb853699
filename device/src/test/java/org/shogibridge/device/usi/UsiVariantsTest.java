package org.shogibridge.device.usi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Variant;

class UsiVariantsTest {
    @Test
    void okisakiIsNamedAsTheEngineOffersIt() {
        List<String> fairyStockfish14 = List.of("chess", "minishogi", "okisakishogi", "shogi", "yarishogi");
        assertEquals("okisakishogi", UsiVariants.nameFor(Variant.OKISAKI, fairyStockfish14));
        assertEquals("okisaki", UsiVariants.nameFor(Variant.OKISAKI, List.of("shogi", "okisaki", "minishogi")));
        assertEquals("shogi", UsiVariants.nameFor(Variant.STANDARD, fairyStockfish14));
        assertEquals("okisaki", UsiVariants.nameFor(Variant.OKISAKI, List.of()));
    }

    @Test
    void eitherNameReadsAsTheVariant() {
        assertEquals(Variant.OKISAKI, UsiVariants.variantOf("okisakishogi"));
        assertEquals(Variant.OKISAKI, UsiVariants.variantOf("Okisaki"));
        assertEquals(Variant.STANDARD, UsiVariants.variantOf("shogi"));
        assertEquals(Variant.MINISHOGI, UsiVariants.variantOf("minishogi"));
        assertNull(UsiVariants.variantOf("chess"));
    }
}
