package org.numaloom.perf.bench;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The benchmark's own logic, run as plain Java on small inputs: it must finish and pass its own count
 * check with every exclusion, and that check must fail an exclusion that loses entries.
 */
class ShortSectionBenchmarkTest {
    /** How long to keep trying to catch an exclusion that does not exclude, whose lost updates depend on timing. */
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    static Iterable<String> names() {
        return Exclusion.names();
    }

    @ParameterizedTest
    @MethodSource("names")
    void everyExclusionCountsEveryAcquisition(String lock) {
        ShortSectionBenchmark benchmark = benchmark(lock, 8, 20_000, 4);
        assertDoesNotThrow(() -> benchmark.run(new PinnedCarriers(), new HandoffCounts()));
        assertDoesNotThrow(() -> benchmark.run(new PinnedCarriers(), new HandoffCounts()), "a second invocation on the same trial state");
    }

    @ParameterizedTest
    @CsvSource({"3, 1000", "7, 5", "16, 0", "1, 1", "256, 1000"})
    void acquisitionsThatDoNotDivideEvenlyAreAllCounted(int threads, int acquisitionsCount) {
        ShortSectionBenchmark benchmark = benchmark("UNFAIR_REENTRANT", threads, acquisitionsCount, 1);
        assertDoesNotThrow(() -> benchmark.run(new PinnedCarriers(), new HandoffCounts()));
    }

    /** The result is every thread's value after exactly its share times {@code outsideWork} xorshift steps. */
    @Test
    void theWorkOutsideIsDoneAndItsResultReturned() throws InterruptedException {
        int threads = 3;
        int acquisitionsCount = 10;
        int outsideWork = 5;
        ShortSectionBenchmark benchmark = benchmark("MCS", threads, acquisitionsCount, 1);
        benchmark.outsideWork = outsideWork;
        long expected = 0;
        for (int worker = 0; worker < threads; worker++) {
            long x = ShortSectionBenchmark.seedOf(worker);
            for (int step = Workers.shareOf(worker, threads, acquisitionsCount).size() * outsideWork; step > 0; step--) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
            expected ^= x;
        }
        assertEquals(expected, benchmark.run(new PinnedCarriers(), new HandoffCounts()));
    }

    /** One acquisition short: the check names the lock and the count. */
    @Test
    void theCheckCatchesAnExclusionThatDropsOneSection() {
        ShortSectionBenchmark benchmark = benchmark("MCS", 4, 8_000, 3);
        benchmark.exclusion = droppingTheNth(1_000, benchmark.exclusion);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> benchmark.run(new PinnedCarriers(), new HandoffCounts()));
        assertEquals("MCS let 7999 of 8000 acquisitions through its critical section: it lost updates, or a worker "
                + "failed (see its stack trace above)", e.getMessage());
    }

    /**
     * Without exclusion, threads on two carriers at once lose increments of the counter, and the
     * check fails the invocation. The critical section has no yield, so on one carrier nothing
     * interleaves: both carriers must be running at the same moment, which on a machine busy with
     * other work they often are not (here, invocations of 2 to 10 ms came out exact 20 times in a
     * row, the threads having run one carrier at a time). So it tries until one fails, for a while.
     */
    @Test
    void theCheckCatchesAnExclusionThatDoesNotExclude() throws InterruptedException {
        assumeTrue(Workers.carriers() >= 2, "needs two carriers to race");
        ShortSectionBenchmark benchmark = benchmark("UNFAIR_REENTRANT", 8, 2_000_000, 1);
        benchmark.outsideWork = 0;
        benchmark.exclusion = ExclusionTest.none();
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        int invocations = 0;
        do {
            invocations++;
            try {
                benchmark.run(new PinnedCarriers(), new HandoffCounts());
            } catch (IllegalStateException lostUpdates) {
                assertTrue(lostUpdates.getMessage().startsWith("NONE let "), lostUpdates.getMessage());
                return;
            }
        } while (System.nanoTime() < deadline);
        fail("no lost update in " + invocations + " invocations without exclusion (" + PATIENCE.toSeconds() + " s)");
    }

    /** Under a topology of two nodes (here: worker parity), every acquisition is recorded and reported. */
    @Test
    void everyAcquisitionIsRecordedAndReported() throws InterruptedException {
        ShortSectionBenchmark benchmark = benchmark("SYNCHRONIZED", 4, 20_000, 1);
        benchmark.recordHandoffs(HandoffsTest.byWorkerParity());
        HandoffCounts counts = new HandoffCounts();
        for (int invocation = 0; invocation < 2; invocation++) {
            benchmark.run(new PinnedCarriers(), counts);
            assertEquals(20_000, counts.acquisitions, "invocation " + invocation);
            assertTrue(counts.remoteHandoffs >= 1 && counts.remoteHandoffs <= 20_000, "remote: " + counts.remoteHandoffs);
        }
    }

    private static ShortSectionBenchmark benchmark(String lock, int threads, int acquisitionsCount, int sharedWords) {
        ShortSectionBenchmark benchmark = new ShortSectionBenchmark();
        benchmark.lock = lock;
        benchmark.threads = threads;
        benchmark.acquisitionsCount = acquisitionsCount;
        benchmark.outsideWork = 3;
        benchmark.sharedWords = sharedWords;
        benchmark.createExclusion();
        return benchmark;
    }

    /** Runs every section except the {@code n}-th, under {@code exclusion}. */
    private static Exclusion droppingTheNth(int n, Exclusion exclusion) {
        AtomicInteger calls = new AtomicInteger();
        return new Exclusion() {
            @Override
            public void run(Runnable criticalSection) {
                if (calls.incrementAndGet() != n) {
                    exclusion.run(criticalSection);
                }
            }

            @Override
            public String name() {
                return exclusion.name();
            }
        };
    }
}
