package org.numaloom.perf.placement;

import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlacementLogTest {

    @Test
    void countsCarriersThatHeldTheirPlan() {
        PlacementLog log = PlacementLog.of(List.of(
                "pinned 10 ForkJoinPool-1-worker-1 planned=0 actual=0 cpu=0 run=A.a()",
                "pinned 10 ForkJoinPool-1-worker-2 planned=1 actual=1 cpu=1 run=A.a()",
                "end 10 ForkJoinPool-1-worker-1 planned=0 actual=0 cpu=0 run=A.a()",
                "end 10 ForkJoinPool-1-worker-3 planned=- actual=0,1 cpu=1 run=A.a()",
                "pinned 11 ForkJoinPool-1-worker-1 planned=0,1 actual=0,1 cpu=1 run=B.b(x=1)"));
        assertEquals(new PlacementLog(2, 3, 3, 2, 1,
                List.of(new PlacementLog.Problem("A.a()", true, "ForkJoinPool-1-worker-3", "-", "0,1", "1"))), log);
        assertEquals("in 2 forks, 3 of 3 carriers ran only on their planned CPUs once pinned, 1 of 2 still did "
                + "at the end of their trial; 1 did not: A.a(), at the end of its trial, ran on ForkJoinPool-1-worker-3, "
                + "a carrier started after the pinning (so pinned to nothing), allowed CPUs 0,1", log.describe());
    }

    @Test
    void aCarrierThatDidNotHoldIsNamedWithItsRunAndWhatItRanOn() {
        PlacementLog log = PlacementLog.of(List.of(
                "pinned 29684 ForkJoinPool-1-worker-1 planned=0 actual=0 cpu=0 run=SwitchCostBenchmark.run(lock=PLATFORM,threads=10000)",
                "end 29684 ForkJoinPool-1-worker-2 planned=- actual=0,1 cpu=1 run=SwitchCostBenchmark.run(lock=PLATFORM,threads=10000)",
                "pinned 30001 ForkJoinPool-1-worker-1 planned=0 actual=0,1 cpu=1 run=TextStatisticsBenchmark.count(lock=CNA,threads=16)"));
        assertEquals("in 2 forks, 1 of 2 carriers ran only on their planned CPUs once pinned, 0 of 1 still did "
                + "at the end of their trial; 2 did not: SwitchCostBenchmark.run(lock=PLATFORM,threads=10000), "
                + "at the end of its trial, ran on ForkJoinPool-1-worker-2, a carrier started after the pinning "
                + "(so pinned to nothing), allowed CPUs 0,1; TextStatisticsBenchmark.count(lock=CNA,threads=16), "
                + "once pinned, ran on ForkJoinPool-1-worker-1, planned CPUs 0, allowed CPUs 0,1, on CPU 1", log.describe());
    }

    @Test
    void theSentenceNamesTheFirstCarriersThatDidNotHoldAndCountsTheRest() {
        List<String> lines = IntStream.range(0, PlacementLog.PROBLEMS_NAMED + 2)
                .mapToObj(fork -> List.of("pinned " + fork + " w planned=0 actual=0 cpu=0 run=R.r(fork=" + fork + ")",
                        "end " + fork + " v planned=- actual=0,1 cpu=1 run=R.r(fork=" + fork + ")"))
                .flatMap(List::stream)
                .toList();
        String sentence = PlacementLog.of(lines).describe();
        assertTrue(sentence.contains("R.r(fork=" + (PlacementLog.PROBLEMS_NAMED - 1) + ")"), sentence);
        assertFalse(sentence.contains("R.r(fork=" + PlacementLog.PROBLEMS_NAMED + ")"), sentence);
        assertTrue(sentence.endsWith("; and 2 more, in placement.log"), sentence);
    }

    @Test
    void aCarrierOnAnotherCpuThanPlannedDoesNotHold() {
        PlacementLog log = PlacementLog.of(List.of("pinned 10 w planned=0 actual=0 cpu=1 run=A.a()"));
        assertEquals(0, log.pinnedAsPlanned());
    }

    @Test
    void nothingPinned() {
        assertEquals("no carrier was pinned", PlacementLog.of(List.of()).describe());
    }
}
