package org.numaloom.perf.bench;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's own logic as plain Java: the threads finish, and the memory results are filled in. */
class SwitchCostBenchmarkTest {

    @ParameterizedTest
    @ValueSource(strings = {SwitchCostBenchmark.VIRTUAL, SwitchCostBenchmark.PLATFORM})
    void threadsYieldAndFinish(String kind) throws InterruptedException {
        SwitchCostBenchmark benchmark = new SwitchCostBenchmark();
        benchmark.kind = kind;
        benchmark.threads = 200;
        benchmark.yieldsPerThread = 5;
        SwitchCostBenchmark.Memory memory = new SwitchCostBenchmark.Memory();
        memory.heapBytesPerThread = Double.NaN;
        benchmark.startWaitingThreads();
        assertDoesNotThrow(() -> benchmark.yieldAll(new PinnedCarriers(), memory));
        assertFalse(Double.isNaN(memory.heapBytesPerThread), "set from the measurement");
        assertTrue(memory.heapBytesPerThread > 0, "a waiting thread holds some heap: " + memory.heapBytesPerThread);
    }
}
