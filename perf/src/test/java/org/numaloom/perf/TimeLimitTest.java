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

/** {@code --time-limit}: a run starts only if its bench's mean run ends within the limit. */
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
    void aRunStartsWhileTheTimeSoFarAndItsBenchsMeanRunFitTheLimit() {
        JmhRun shortSection = PLAN.get(0);
        JmhRun high = firstOtherThan(shortSection);
        runFor(shortSection, 4 * SECOND);
        assertTrue(limit.allows(shortSection), "4 s so far and a mean of 4: ends at 8");
        clock[0] = 7 * SECOND;
        assertFalse(limit.allows(shortSection), "7 s so far and a mean of 4: would end at 11");
        assertTrue(limit.allows(high), "a bench with no run yet starts while the limit has not passed");
        clock[0] = 10 * SECOND + 1;
        assertFalse(limit.allows(high), "nor once it has");
    }

    @Test
    void theMeanIsTheBenchsOwn() {
        JmhRun shortSection = PLAN.get(0);
        runFor(shortSection, 1 * SECOND);
        runFor(shortSection, 3 * SECOND);
        clock[0] = 8 * SECOND;
        assertTrue(limit.allows(shortSection), "runs of 1 and 3 s: a mean of 2, ending at 10");
        clock[0] = 8 * SECOND + 1;
        assertFalse(limit.allows(shortSection), "a nanosecond later it would end past 10");
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
        limit.ended(run);
    }

    private static JmhRun firstOtherThan(JmhRun run) {
        return PLAN.stream().filter(other -> !other.bench().equals(run.bench())).findFirst().orElseThrow();
    }
}
