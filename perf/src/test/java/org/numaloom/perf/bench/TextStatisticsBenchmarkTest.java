package org.numaloom.perf.bench;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's own logic as plain Java: every variant counts exactly, and its check catches one that does not. */
class TextStatisticsBenchmarkTest {

    static List<String> variants() {
        List<String> variants = new ArrayList<>(Exclusion.names());
        variants.add(TextStatisticsBenchmark.LOCK_FREE);
        return variants;
    }

    @ParameterizedTest
    @MethodSource("variants")
    void everyVariantCountsExactly(String lock) {
        TextStatisticsBenchmark benchmark = benchmark(lock, 8, 2);
        for (int invocation = 0; invocation < 2; invocation++) {
            benchmark.emptyCounts();
            assertDoesNotThrow(() -> benchmark.count(new PinnedCarriers(), new HandoffCounts()));
            assertDoesNotThrow(benchmark::requireExactCounts);
        }
    }

    @Test
    void sequentialCountsOnOneThread() {
        TextStatisticsBenchmark benchmark = benchmark(TextStatisticsBenchmark.SEQUENTIAL, 1, 0);
        benchmark.emptyCounts();
        assertDoesNotThrow(() -> benchmark.count(new PinnedCarriers(), new HandoffCounts()));
        assertDoesNotThrow(benchmark::requireExactCounts);
        assertThrows(IllegalArgumentException.class, () -> benchmark(TextStatisticsBenchmark.SEQUENTIAL, 2, 0));
    }

    /** One word counted twice is one too many: the check after the invocation sees it. */
    @Test
    void theCheckCatchesAMiscount() throws InterruptedException {
        TextStatisticsBenchmark benchmark = benchmark("MCS", 4, 2);
        benchmark.emptyCounts();
        benchmark.count(new PinnedCarriers(), new HandoffCounts());
        benchmark.counts.add("ka");
        IllegalStateException e = assertThrows(IllegalStateException.class, benchmark::requireExactCounts);
        assertTrue(e.getMessage().startsWith("MCS counted 'ka' "), e.getMessage());
    }

    private static TextStatisticsBenchmark benchmark(String lock, int threads, int maps) {
        TextStatisticsBenchmark benchmark = new TextStatisticsBenchmark();
        benchmark.lock = lock;
        benchmark.threads = threads;
        benchmark.lines = 3_000;
        benchmark.maps = maps;
        benchmark.seed = 1;
        benchmark.generateText();
        return benchmark;
    }
}
