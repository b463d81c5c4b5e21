package org.numaloom.perf;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.placement.Placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --time-limit}: a run starts only if it is expected to end within the limit. */
class TimeLimitTest {
    private static final List<Placement.HostCpu> CPUS = List.of(new Placement.HostCpu(0, 0), new Placement.HostCpu(1, 0));
    private static final List<JmhRun> PLAN = JmhRun.plan(BenchConfig.parse("""
            {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000, "threads": [2],
               "locks": [{"name": "MCS"}, {"name": "FAIR_REENTRANT", "skip": true}]}},
             {"name": "consumeCpu", "payload": {"title": "High", "actionsCount": 640, "beforeCpuTokens": 0,
               "inCpuTokens": 1000, "yieldInCrit": true, "threads": [2], "locks": [{"name": "MCS"}]}}]}""", "two.json"),
            Placement.plan("none", 2, CPUS), CPUS);
    private static final long SECOND = 1_000_000_000L;

    private final long[] clock = {0};
    private final TimeLimit limit = new TimeLimit(Optional.of(Duration.ofSeconds(10)), () -> clock[0]);

    @Test
    void aRunStartsWhileTheTimeSoFarAndItsExpectedLengthFitTheLimit() {
        JmhRun shortSection = PLAN.get(0);
        assertTrue(limit.allows(shortSection), "the first run of all, with nothing to go by");
        runFor(shortSection, 4 * SECOND);
        assertTrue(limit.allows(shortSection), "4 s so far and 4 s a run of this kind: ends at 8");
        clock[0] = 7 * SECOND;
        assertFalse(limit.allows(shortSection), "7 s so far and 4 s a run: would end at 11");
    }

    @Test
    void aBenchWithNoRunYetIsExpectedToRunAtEveryBenchsTimePerIteration() {
        JmhRun shortSection = PLAN.get(0);
        JmhRun high = firstOtherThan(shortSection);
        runFor(shortSection, 3 * SECOND);
        long expected = 3 * SECOND * high.iterations() / shortSection.iterations();
        clock[0] = 10 * SECOND - expected;
        assertTrue(limit.allows(high), high.iterations() + " iterations at 3 s per " + shortSection.iterations() + " end at 10 s");
        clock[0]++;
        assertFalse(limit.allows(high), "a nanosecond later they would end past it");
    }

    @Test
    void aRunThatStartedButDidNotCompleteIsNotCounted() {
        JmhRun shortSection = PLAN.get(0);
        limit.started(); // a run that failed at once
        runFor(shortSection, 2 * SECOND);
        clock[0] = 8 * SECOND;
        assertTrue(limit.allows(shortSection), "one run of 2 s counted, not two of 1 s: ends at 10");
        clock[0]++;
        assertFalse(limit.allows(shortSection));
    }

    @Test
    void withoutALimitEveryRunStartsAndTheReportSaysNothing() {
        TimeLimit none = new TimeLimit(Optional.empty(), () -> clock[0]);
        clock[0] = Long.MAX_VALUE / 2;
        assertTrue(none.allows(PLAN.get(0)));
        assertEquals(Optional.empty(), none.describe(List.of(), PLAN.size()));
        assertEquals(Optional.of("Time limit (--time-limit 10): every JMH run started within it"), limit.describe(List.of(), PLAN.size()));
    }

    private void runFor(JmhRun run, long nanos) {
        limit.started();
        clock[0] += nanos;
        limit.completed(run);
    }

    private static JmhRun firstOtherThan(JmhRun run) {
        return PLAN.stream().filter(other -> !other.bench().equals(run.bench())).findFirst().orElseThrow();
    }
}
