package org.numaloom.perf.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextTest {

    @Test
    void theSameSeedGivesTheSameText() {
        assertEquals(Text.generate(2_000, 7), Text.generate(2_000, 7));
    }

    @Test
    void anotherSeedGivesAnotherText() {
        assertNotEquals(Text.generate(2_000, 7), Text.generate(2_000, 8));
    }

    /** Pinned so that a change of the generator, which would change every text result, is noticed. */
    @Test
    void theGeneratorIsStable() {
        assertEquals(List.of("mi da kalo ka sagiho sa keneti zu tipe"), Text.generate(1, 42));
    }

    @Test
    void linesHaveFourToTwelveWords() {
        for (String line : Text.generate(5_000, 1)) {
            int words = Text.words(line).length;
            assertTrue(words >= Text.MIN_WORDS_PER_LINE && words <= Text.MAX_WORDS_PER_LINE, line);
        }
    }

    @Test
    void wordFrequenciesFallLikeZipf() {
        Map<String, Integer> counts = Text.countSequentially(Text.generate(50_000, 3));
        List<Integer> byRank = counts.values().stream().sorted((a, b) -> b - a).toList();
        double total = byRank.stream().mapToInt(Integer::intValue).sum();
        // weight 1/r over 20,000 ranks: the first word takes 1 / H(20000) = 9.3% of all words,
        // and the tenth a tenth of that
        assertEquals(0.093, byRank.get(0) / total, 0.01);
        assertEquals(10, (double) byRank.get(0) / byRank.get(9), 2);
        assertTrue(counts.size() > 10_000, "the long tail is there: " + counts.size() + " distinct words");
    }

    @Test
    void countsThatMatchPass() {
        Map<String, Integer> expected = Map.of("ka", 2, "lo", 1);
        assertDoesNotThrow(() -> Text.requireEqual(expected, new HashMap<>(expected), "MCS"));
    }

    @Test
    void aLostUpdateIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Text.requireEqual(Map.of("ka", 2, "lo", 1), Map.of("ka", 1, "lo", 1), "BROKEN"));
        assertTrue(e.getMessage().startsWith("BROKEN counted 'ka' 1 times, but it occurs 2 times"), e.getMessage());
    }

    @Test
    void aWordTooManyIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Text.requireEqual(Map.of("ka", 2), Map.of("ka", 2, "zz", 1), "BROKEN"));
        assertTrue(e.getMessage().startsWith("BROKEN counted 'zz' 1 times, but it occurs null times"), e.getMessage());
    }
}
