package org.numaloom.perf.bench;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
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

    /**
     * Under a topology of two nodes (here: worker parity), each word's acquisition is recorded and
     * reported, summed over the maps' exclusions; the lock-free variant has none to record.
     */
    @Test
    void everyWordsAcquisitionIsRecordedAndReported() throws InterruptedException {
        long words = Text.countSequentially(Text.generate(3_000, 1)).values().stream().mapToLong(Integer::longValue).sum();
        for (String variant : List.of("MCS", TextStatisticsBenchmark.LOCK_FREE)) {
            TextStatisticsBenchmark benchmark = benchmark(variant, 4, 3);
            benchmark.handoffRecorder = HandoffsTest::byWorkerParity;
            benchmark.emptyCounts();
            HandoffCounts counts = new HandoffCounts();
            benchmark.count(new PinnedCarriers(), counts);
            boolean locked = variant.equals("MCS");
            assertEquals(locked ? words : 0, counts.acquisitions, variant);
            assertTrue(locked ? counts.remoteHandoffs >= 1 : counts.remoteHandoffs == 0, variant + ": " + counts.remoteHandoffs);
        }
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
