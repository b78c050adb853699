package org.shogibridge.core.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;

/** The kana a speech engine is given for moves, results and clock calls. */
class ReadingsTest {
    @ParameterizedTest
    @CsvSource({
        "８四歩, はちよん ふ",
        "▲７六歩, ななろく ふ",
        "同　歩成, どう ふ なり",
        "△５五角打, ごご かく うつ",
        "２二角不成, にに かく ならず",
        "５二金右上, ごに きん みぎ あがる",
        "４八銀直, よんはち ぎん すぐ",
        "６八金寄, ろくはち きん よる",
        "３九成銀引, さんきゅう なりぎん ひく",
        "１一竜, いちいち りゅう",
        "１０十妃, じゅうじゅう きさき",
        "５五馬左, ごご うま ひだり",
        "まで百二手で先手の勝ち, まで ひゃくにて で せんて の かち",
        "まで102手で後手の勝ち, まで ひゃくにて で ごて の かち",
        "まで81手で時間切れにより後手の勝ち, まで はちじゅういって で じかんぎれにより ごて の かち",
        "まで60手で千日手, まで ろくじゅって で せんにちて",
        "残り5分, のこり ごふん",
        "残り1分, のこり いっぷん",
        "20秒, にじゅうびょう",
        "王手, おうて",
        "切れ負け, きれまけ"})
    void readsMovesResultsAndCalls(String text, String reading) {
        assertEquals(reading, Readings.of(text));
    }

    @Test
    void numbersAndTheirCounters() {
        assertEquals("ひゃくに", Readings.number(102));
        assertEquals("さんびゃくろくじゅうご", Readings.number(365));
        assertEquals("せんはっぴゃく", Readings.number(1800));
        assertEquals("はって", Readings.counted(8, '手'));
        assertEquals("じゅって", Readings.counted(10, '手'));
        assertEquals("ひゃくて", Readings.counted(100, '手'));
        assertEquals("ろっぷん", Readings.counted(6, '分'));
        assertEquals("じゅっぷん", Readings.counted(10, '分'));
        assertEquals("さんぷん", Readings.counted(3, '分'));
    }

    @Test
    void aWordWithNoReadingIsAnErrorNotASilence() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Readings.of("８四象")).getMessage().startsWith("No reading. '象'"));
    }

    /** Every legal move along random games, in each variant, has a reading in kana alone. */
    @Test
    void everyMoveAlongRandomGamesHasAKanaReading() {
        Random random = new Random(41);
        for (Variant variant : Variant.values()) {
            for (int game = 0; game < 20; game++) {
                Position position = Position.start(variant);
                int previousTo = -1;
                for (int ply = 0; ply < 120; ply++) {
                    MoveList moves = new MoveList();
                    MoveGenerator.generateLegal(position, moves);
                    if (moves.size() == 0) {
                        break;
                    }
                    for (int i = 0; i < moves.size(); i++) {
                        String text = JapaneseNotation.format(position, moves.get(i), previousTo, JapaneseNotation.Marks.TRIANGLES);
                        String reading = Readings.of(text);
                        assertTrue(reading.matches("[\\p{IsHiragana}ー ]+"), text + " -> " + reading);
                    }
                    int move = moves.get(random.nextInt(moves.size()));
                    previousTo = Move.to(move);
                    position.doMove(move);
                }
            }
        }
    }
}
