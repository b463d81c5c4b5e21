package org.numaloom.perf;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Throughput from scores, ratios to the baselines, and the table and CSV made of them. */
class ResultsTest {
    private static final double EPSILON = 1e-9;

    private static final Throughput NUMA_MCS_2 = throughput(Setting.HIGH, "NUMA_MCS", 2, 800_000, 2.5);
    private static final Throughput UNFAIR_2 = throughput(Setting.HIGH, "UNFAIR_REENTRANT", 2, 400_000, 1.0);
    private static final Throughput SYNCHRONIZED_2 = throughput(Setting.HIGH, "SYNCHRONIZED", 2, 1_000_000, 3.0);
    private static final Throughput NUMA_MCS_64 = throughput(Setting.HIGH, "NUMA_MCS", 64, 300_000, Double.NaN);
    private static final Throughput UNFAIR_64 = throughput(Setting.HIGH, "UNFAIR_REENTRANT", 64, 600_000, 4.0);
    private static final Throughput LOW_NUMA_MCS_2 = throughput(Setting.LOW, "NUMA_MCS", 2, 10_000, 1.5);

    private static final List<ComparedThroughput> COMPARED = ComparedThroughput.compare(
            List.of(NUMA_MCS_2, NUMA_MCS_64, UNFAIR_2, UNFAIR_64, SYNCHRONIZED_2, LOW_NUMA_MCS_2));

    @Test
    void throughputFromSingleShotTime() {
        Throughput t = Throughput.ofInvocationTime(Setting.HIGH, "MCS", 4, 0.1, 0.005);
        assertEquals(640_000, t.actionsPerSecond(), EPSILON);
        assertEquals(5.0, t.errorPercent(), EPSILON);
    }

    @Test
    void ratiosToTheBaselinesOfTheSameSettingAndThreadCount() {
        ComparedThroughput numaMcs2 = COMPARED.get(0);
        assertEquals(2.0, numaMcs2.vsUnfairReentrant(), EPSILON);
        assertEquals(0.8, numaMcs2.vsSynchronized(), EPSILON);
        ComparedThroughput numaMcs64 = COMPARED.get(1);
        assertEquals(0.5, numaMcs64.vsUnfairReentrant(), EPSILON);
        assertTrue(Double.isNaN(numaMcs64.vsSynchronized()), "no SYNCHRONIZED at 64 threads");
        ComparedThroughput unfair2 = COMPARED.get(2);
        assertEquals(1.0, unfair2.vsUnfairReentrant(), EPSILON);
        assertEquals(0.4, unfair2.vsSynchronized(), EPSILON);
        assertTrue(Double.isNaN(COMPARED.get(5).vsUnfairReentrant()), "no baseline in the low setting");
    }

    @Test
    void csvHeaderAndRows() {
        assertEquals("""
                setting,lock,threads,actions_per_s,error_pct,ratio_unfair_reentrant,ratio_synchronized
                high,NUMA_MCS,2,800000.0,2.50,2.0000,0.8000
                high,NUMA_MCS,64,300000.0,,0.5000,
                high,UNFAIR_REENTRANT,2,400000.0,1.00,1.0000,0.4000
                high,UNFAIR_REENTRANT,64,600000.0,4.00,1.0000,
                high,SYNCHRONIZED,2,1000000.0,3.00,2.5000,1.0000
                low,NUMA_MCS,2,10000.0,1.50,,
                """, ResultCsv.render(COMPARED));
    }

    @Test
    void tableOfOneSettingByThreadCount() {
        assertEquals(Setting.HIGH.description() + "\n"
                + "threads  lock                actions/s     ±%  vs UNFAIR_REENTRANT  vs SYNCHRONIZED\n"
                + "      2  NUMA_MCS              800,000    2.5                2.00x            0.80x\n"
                + "      2  UNFAIR_REENTRANT      400,000    1.0                1.00x            0.40x\n"
                + "      2  SYNCHRONIZED        1,000,000    3.0                2.50x            1.00x\n"
                + "     64  NUMA_MCS              300,000    n/a                0.50x              n/a\n"
                + "     64  UNFAIR_REENTRANT      600,000    4.0                1.00x              n/a\n",
                ResultTable.render(Setting.HIGH, COMPARED).replace(System.lineSeparator(), "\n"));
    }

    private static Throughput throughput(Setting setting, String lock, int threads, double actionsPerSecond,
                                         double errorPercent) {
        return new Throughput(setting, lock, threads, actionsPerSecond, errorPercent);
    }
}
