package org.numaloom.perf.bench;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's own logic, run as plain Java on small inputs: it must finish and pass its own count check. */
class ConsumeCpuBenchmarkTest {

    static Iterable<String> names() {
        return Exclusion.names();
    }

    @ParameterizedTest
    @MethodSource("names")
    void everyExclusionDoesAllItems(String lock) {
        ConsumeCpuBenchmark benchmark = benchmark(lock, 8, 800);
        assertDoesNotThrow(() -> benchmark.run(new PinnedCarriers(), new HandoffCounts()));
        assertDoesNotThrow(() -> benchmark.run(new PinnedCarriers(), new HandoffCounts()), "a second invocation on the same trial state");
    }

    @ParameterizedTest
    @CsvSource({"3, 1000", "7, 5", "16, 0", "1, 1"})
    void itemsThatDoNotDivideEvenlyAreAllDone(int threads, int actionsCount) {
        ConsumeCpuBenchmark benchmark = benchmark("UNFAIR_REENTRANT", threads, actionsCount);
        assertDoesNotThrow(() -> benchmark.run(new PinnedCarriers(), new HandoffCounts()));
    }

    /** Under a topology of two nodes (here: worker parity), every item's acquisition is recorded and reported. */
    @Test
    void everyAcquisitionIsRecordedAndReported() throws InterruptedException {
        ConsumeCpuBenchmark benchmark = benchmark("NUMA_MCS", 4, 400);
        benchmark.recordHandoffs(HandoffsTest.byWorkerParity());
        HandoffCounts counts = new HandoffCounts();
        for (int invocation = 0; invocation < 2; invocation++) {
            benchmark.run(new PinnedCarriers(), counts);
            assertEquals(400, counts.acquisitions, "invocation " + invocation);
            assertTrue(counts.remoteHandoffs >= 1 && counts.remoteHandoffs <= 400, "remote: " + counts.remoteHandoffs);
        }
    }

    /**
     * A section that yields inside may end on another carrier, so its node is looked up again as it
     * ends (the next holder takes the lock from there); one that does not is looked up once.
     */
    @ParameterizedTest
    @CsvSource({"true, 800", "false, 400"})
    void aSectionThatYieldsIsLocatedAgainAsItEnds(boolean yieldInCrit, long lookUps) throws InterruptedException {
        ConsumeCpuBenchmark benchmark = benchmark("UNFAIR_REENTRANT", 4, 400);
        benchmark.yieldInCrit = yieldInCrit;
        AtomicLong counted = new AtomicLong();
        benchmark.recordHandoffs(new Handoffs(() -> {
            counted.incrementAndGet();
            return 0;
        }, 0, System::nanoTime));
        benchmark.run(new PinnedCarriers(), new HandoffCounts());
        assertEquals(lookUps, counted.get());
    }

    private static ConsumeCpuBenchmark benchmark(String lock, int threads, int actionsCount) {
        ConsumeCpuBenchmark benchmark = new ConsumeCpuBenchmark();
        benchmark.lock = lock;
        benchmark.threads = threads;
        benchmark.actionsCount = actionsCount;
        benchmark.beforeCpuTokens = 10;
        benchmark.inCpuTokens = 10;
        benchmark.yieldsBefore = 1;
        benchmark.yieldInCrit = true;
        benchmark.createExclusion();
        return benchmark;
    }
}
