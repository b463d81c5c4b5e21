package org.numaloom.perf.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The text of the text-statistics benchmark, generated rather than downloaded: lines of words drawn
 * from a vocabulary of {@value #VOCABULARY} made-up words with a Zipf-like distribution (the word of
 * rank {@code r} has weight {@code 1 / r}), as in natural language, where a few words take most of
 * the counts and so most of the contention on their map's lock. The same seed always gives the same
 * text, on every JDK, since only {@link SplittableRandom} is used.
 */
public final class Text {
    static final int VOCABULARY = 20_000;
    static final int MIN_WORDS_PER_LINE = 4;
    static final int MAX_WORDS_PER_LINE = 12;

    private static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "be", "da",
        "fu", "gi", "ho", "ja", "ke", "lu", "mo", "ni", "pe", "zu"};
    private static final String[] WORDS = vocabulary();
    /** CUMULATIVE[r] = sum of the weights of ranks 0..r. */
    private static final double[] CUMULATIVE = cumulativeZipfWeights();

    private Text() {
    }

    /** {@code lines} lines from {@code seed}, each of 4 to 12 words separated by single spaces. */
    public static List<String> generate(int lines, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> text = new ArrayList<>(lines);
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            line.setLength(0);
            int words = MIN_WORDS_PER_LINE + random.nextInt(MAX_WORDS_PER_LINE - MIN_WORDS_PER_LINE + 1);
            for (int w = 0; w < words; w++) {
                line.append(w == 0 ? "" : " ").append(WORDS[rankOf(random.nextDouble())]);
            }
            text.add(line.toString());
        }
        return text;
    }

    /** The words of a line. */
    static String[] words(String line) {
        return line.split(" ");
    }

    /** How often each word occurs, counted on one thread: the reference every parallel count must equal. */
    public static Map<String, Integer> countSequentially(List<String> text) {
        Map<String, Integer> counts = new HashMap<>();
        for (String line : text) {
            for (String word : words(line)) {
                counts.merge(word, 1, Integer::sum);
            }
        }
        return counts;
    }

    /**
     * Checks a parallel count against the reference.
     *
     * @throws IllegalStateException naming the variant and a word whose count differs
     */
    static void requireEqual(Map<String, Integer> expected, Map<String, Integer> actual, String variant) {
        if (expected.equals(actual)) {
            return;
        }
        String word = expected.keySet().stream()
                .filter(w -> !Objects.equals(expected.get(w), actual.get(w)))
                .findFirst()
                .orElseGet(() -> actual.keySet().stream().filter(w -> !expected.containsKey(w)).findFirst().orElseThrow());
        throw new IllegalStateException(variant + " counted '" + word + "' " + actual.get(word) + " times, but it occurs "
                + expected.get(word) + " times (" + actual.size() + " distinct words counted, " + expected.size()
                + " in the text): its exclusion lost updates");
    }

    /** Rank of the word whose cumulative weight interval holds {@code u} in [0, 1). */
    private static int rankOf(double u) {
        int found = Arrays.binarySearch(CUMULATIVE, u * CUMULATIVE[CUMULATIVE.length - 1]);
        return Math.min(found >= 0 ? found : -found - 1, VOCABULARY - 1);
    }

    private static double[] cumulativeZipfWeights() {
        double[] cumulative = new double[VOCABULARY];
        double sum = 0;
        for (int rank = 0; rank < VOCABULARY; rank++) {
            sum += 1.0 / (rank + 1);
            cumulative[rank] = sum;
        }
        return cumulative;
    }

    /** Distinct words: the base-20 digits of the rank, one syllable each. */
    private static String[] vocabulary() {
        String[] words = new String[VOCABULARY];
        for (int rank = 0; rank < VOCABULARY; rank++) {
            StringBuilder word = new StringBuilder();
            int n = rank;
            do {
                word.append(SYLLABLES[n % SYLLABLES.length]);
                n /= SYLLABLES.length;
            } while (n > 0);
            words[rank] = word.toString();
        }
        return words;
    }
}
