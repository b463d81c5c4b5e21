package org.numaloom.perf.report;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ratios to the baselines, and the CSV and tables made of them. */
class ResultsTest {
    private static final double EPSILON = 1e-9;
    private static final Spread SPREAD = new Spread(700_000, 800_000, 900_000, 12.5);

    private static final Measurement NUMA_MCS_2 = measurement("high", "NUMA_MCS", 2, 800_000, 2.5).withIdeal(1_000_000);
    private static final Measurement UNFAIR_2 = measurement("high", "UNFAIR_REENTRANT", 2, 400_000, 1.0);
    private static final Measurement SYNCHRONIZED_2 = measurement("high", "SYNCHRONIZED", 2, 1_000_000, 3.0);
    private static final Measurement NUMA_MCS_64 = measurement("high", "NUMA_MCS", 64, 300_000, Double.NaN);
    private static final Measurement UNFAIR_64 = measurement("high", "UNFAIR_REENTRANT", 64, 600_000, 4.0);
    private static final Measurement LOW_NUMA_MCS_2 = measurement("low", "NUMA_MCS", 2, 10_000, 1.5);

    private static final List<Compared> COMPARED = Compared.compare(
            List.of(NUMA_MCS_2, NUMA_MCS_64, UNFAIR_2, UNFAIR_64, SYNCHRONIZED_2, LOW_NUMA_MCS_2));

    @Test
    void ratiosToTheBaselinesOfTheSameBenchAndThreadCount() {
        Compared numaMcs2 = COMPARED.get(0);
        assertEquals(2.0, numaMcs2.vsUnfairReentrant(), EPSILON);
        assertEquals(0.8, numaMcs2.vsSynchronized(), EPSILON);
        Compared numaMcs64 = COMPARED.get(1);
        assertEquals(0.5, numaMcs64.vsUnfairReentrant(), EPSILON);
        assertTrue(Double.isNaN(numaMcs64.vsSynchronized()), "no SYNCHRONIZED at 64 threads");
        assertEquals(1.0, COMPARED.get(2).vsUnfairReentrant(), EPSILON);
        assertEquals(0.4, COMPARED.get(2).vsSynchronized(), EPSILON);
        assertTrue(Double.isNaN(COMPARED.get(5).vsUnfairReentrant()), "no baseline in the low bench");
    }

    /**
     * Three rounds. NUMA_MCS 3, 3, 3; UNFAIR_REENTRANT 3, 1, 1 (pooled 5/3); SYNCHRONIZED 1, 3, 1. The
     * ratios are the medians of the rounds' ratios (1, 3, 3 and 3, 1, 3: 3 each), not the pooled 1.8;
     * to BEST_JDK, the leader of each round (UNFAIR_REENTRANT, SYNCHRONIZED, either): 1, 1, 3, so 1.
     */
    @Test
    void theRatioIsTheMedianOfTheRoundsRatiosNotThePooledOne() {
        List<Compared> rows = Compared.compare(List.of(rounds("NUMA_MCS", 3, 3, 3, 3),
                rounds("UNFAIR_REENTRANT", 5.0 / 3, 3, 1, 1), rounds("SYNCHRONIZED", 5.0 / 3, 1, 3, 1)));
        Compared numaMcs = rows.get(0);
        assertEquals(1.8, numaMcs.measurement().throughput() / rows.get(1).measurement().throughput(), EPSILON, "pooled");
        assertEquals(List.of(1.0, 3.0, 3.0), numaMcs.to("UNFAIR_REENTRANT").perRound());
        assertEquals(3.0, numaMcs.vsUnfairReentrant(), EPSILON);
        assertEquals(3.0, numaMcs.vsSynchronized(), EPSILON);
        assertEquals(List.of(1.0, 1.0, 3.0), numaMcs.to(Compared.BEST_JDK).perRound());
        assertEquals(1.0, numaMcs.to(Compared.BEST_JDK).median(), EPSILON, "per round the leader, not the lower median");
        assertEquals("1.00 (median of 1.00, 1.00, 3.00)", numaMcs.to(Compared.BEST_JDK).describe());
        assertEquals(List.of(1.0 / 3, 3.0, 1.0), rows.get(2).to("UNFAIR_REENTRANT").perRound(), "SYNCHRONIZED, round by round");
    }

    /**
     * A label that the baselines carry too names a condition they all ran under (a modelled cost):
     * a variant of ours is compared with the baselines of its label; a baseline's own variant, and a
     * variant whose label only one baseline carries, with the baselines themselves.
     */
    @Test
    void aVariantIsComparedWithTheBaselinesOfItsLabelWhereTheBenchHasBoth() {
        List<Compared> rows = Compared.compare(List.of(rounds("CNA@c400", 4, 4), rounds("UNFAIR_REENTRANT@c400", 2, 2),
                rounds("SYNCHRONIZED@c400", 1, 1), rounds("UNFAIR_REENTRANT", 4, 4), rounds("SYNCHRONIZED", 4, 4),
                rounds("CNA@nospin", 2, 2), rounds("SYNCHRONIZED@nospin", 1, 1)));
        assertEquals(List.of(2.0, 4.0), List.of(rows.get(0).vsUnfairReentrant(), rows.get(0).vsSynchronized()),
                "CNA@c400 against UNFAIR_REENTRANT@c400 and SYNCHRONIZED@c400");
        assertEquals(0.25, rows.get(2).vsSynchronized(), EPSILON, "SYNCHRONIZED@c400 against SYNCHRONIZED: the cost's own effect");
        assertEquals(List.of(0.5, 0.5), List.of(rows.get(5).vsUnfairReentrant(), rows.get(5).vsSynchronized()),
                "no UNFAIR_REENTRANT@nospin: CNA@nospin against the baselines themselves");
        assertEquals(2.0, Compared.compare(List.of(rounds("CNA@C400", 4, 4), rounds("UNFAIR_REENTRANT@c400", 2, 2),
                rounds("SYNCHRONIZED@c400", 1, 1))).get(0).vsUnfairReentrant(), EPSILON, "labels match ignoring case");

        List<Compared> failedBaseline = Compared.compare(List.of(rounds("CNA@c400", 4, 4), rounds("SYNCHRONIZED@c400", 1, 1),
                        rounds("UNFAIR_REENTRANT", 4, 4), rounds("SYNCHRONIZED", 4, 4)),
                bench -> Set.of("CNA@c400", "UNFAIR_REENTRANT@c400", "SYNCHRONIZED@c400", "UNFAIR_REENTRANT", "SYNCHRONIZED"));
        assertTrue(Double.isNaN(failedBaseline.get(0).vsUnfairReentrant()),
                "UNFAIR_REENTRANT@c400 ran and failed: no ratio, not one to the uncharged lock");
        assertEquals(4.0, failedBaseline.get(0).vsSynchronized(), EPSILON);
    }

    @Test
    void medianOfAnEvenNumberOfRoundsIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, new Compared.Ratio(List.of(4.0, 1.0, 3.0, 2.0)).median(), EPSILON);
        assertEquals("0.50", new Compared.Ratio(List.of(0.5)).describe(), "one round: the ratio alone");
        assertTrue(Double.isNaN(new Compared.Ratio(List.of()).median()));
    }

    @Test
    void noRatioBetweenMeasurementsOfDifferentRounds() {
        List<Compared> rows = Compared.compare(List.of(rounds("NUMA_MCS", 2, 2, 2), rounds("UNFAIR_REENTRANT", 1, 1, 1, 1)));
        assertTrue(Double.isNaN(rows.get(0).vsUnfairReentrant()));
    }

    @Test
    void efficiencyIsMeasuredOverIdeal() {
        assertEquals(0.8, NUMA_MCS_2.efficiency(), EPSILON);
        assertTrue(Double.isNaN(UNFAIR_2.efficiency()), "no ideal, no efficiency");
    }

    @Test
    void csvHeaderAndRows() {
        List<Compared> rows = Compared.compare(List.of(NUMA_MCS_2, NUMA_MCS_64, UNFAIR_2, SYNCHRONIZED_2,
                Measurement.of("switch", "VIRTUAL", 100, 5e6, "switches/s", 1, SPREAD).withMemory(-12.4, 1024),
                LOW_NUMA_MCS_2.withRemoteHandoffFraction(0.0625)));
        assertEquals("""
                bench,lock,threads,throughput,unit,error_pct,min,median,max,cv_pct,ideal,efficiency,ratio_unfair_reentrant,\
                ratio_synchronized,resident_bytes_per_thread,heap_bytes_per_thread,remote_handoff_fraction,ratio_baseline_label
                high,NUMA_MCS,2,800000.0,actions/s,2.50,700000.0,800000.0,900000.0,12.50,1000000.0,0.8000,2.0000,0.8000,,,,
                high,NUMA_MCS,64,300000.0,actions/s,,700000.0,800000.0,900000.0,12.50,,,,,,,,
                high,UNFAIR_REENTRANT,2,400000.0,actions/s,1.00,700000.0,800000.0,900000.0,12.50,,,1.0000,0.4000,,,,
                high,SYNCHRONIZED,2,1000000.0,actions/s,3.00,700000.0,800000.0,900000.0,12.50,,,2.5000,1.0000,,,,
                switch,VIRTUAL,100,5000000.0,switches/s,1.00,700000.0,800000.0,900000.0,12.50,,,,,-12,1024,,
                low,NUMA_MCS,2,10000.0,actions/s,1.50,700000.0,800000.0,900000.0,12.50,,,,,,,0.0625,
                """, ResultCsv.render(rows));
    }

    @Test
    void textTableByThreadCountWithOnlyTheColumnsThatHaveValues() {
        List<Compared> high = COMPARED.stream().filter(c -> c.measurement().bench().equals("high")).toList();
        assertEquals("""
                threads  lock              actions/s   cv%          min..max      ideal  efficiency  vs UNFAIR_REENTRANT  vs SYNCHRONIZED
                      2  NUMA_MCS            800,000  12.5  700,000..900,000  1,000,000        0.80                2.00x            0.80x
                      2  UNFAIR_REENTRANT    400,000  12.5  700,000..900,000        n/a         n/a                1.00x            0.40x
                      2  SYNCHRONIZED      1,000,000  12.5  700,000..900,000        n/a         n/a                2.50x            1.00x
                     64  NUMA_MCS            300,000  12.5  700,000..900,000        n/a         n/a                0.50x              n/a
                     64  UNFAIR_REENTRANT    600,000  12.5  700,000..900,000        n/a         n/a                1.00x              n/a
                """, ResultTable.text(high));
    }

    @Test
    void markdownTableHasTheSameColumns() {
        List<Compared> low = COMPARED.stream().filter(c -> c.measurement().bench().equals("low")).toList();
        assertEquals("""
                | threads | lock | actions/s | cv% | min..max |
                |---:|---|---:|---:|---:|
                | 2 | NUMA_MCS | 10,000 | 12.5 | 700,000..900,000 |
                """, ResultTable.markdown(low));
    }

    @Test
    void remoteHandoffFractionsGetAColumnWhereAnyRowHasOne() {
        List<Compared> rows = Compared.compare(List.of(UNFAIR_2.withRemoteHandoffFraction(0.5),
                SYNCHRONIZED_2, NUMA_MCS_2.withRemoteHandoffFraction(0.0125)));
        assertEquals("""
                | threads | lock | actions/s | cv% | min..max | ideal | efficiency | vs UNFAIR_REENTRANT | vs SYNCHRONIZED | remote_handoff_fraction |
                |---:|---|---:|---:|---:|---:|---:|---:|---:|---:|
                | 2 | UNFAIR_REENTRANT | 400,000 | 12.5 | 700,000..900,000 | n/a | n/a | 1.00x | 0.40x | 0.500 |
                | 2 | SYNCHRONIZED | 1,000,000 | 12.5 | 700,000..900,000 | n/a | n/a | 2.50x | 1.00x | n/a |
                | 2 | NUMA_MCS | 800,000 | 12.5 | 700,000..900,000 | 1,000,000 | 0.80 | 2.00x | 0.80x | 0.013 |
                """, ResultTable.markdown(rows));
    }

    /**
     * A row compared with the baselines' variants of its label says so in every cell of its ratios
     * and in results.csv, since the column headers name the baselines themselves.
     */
    @Test
    void aRatioToTheBaselinesVariantsIsMarkedWithTheirLabel() {
        List<Compared> rows = Compared.compare(List.of(rounds("CNA@c400", 4, 4), rounds("UNFAIR_REENTRANT@c400", 2, 2),
                rounds("SYNCHRONIZED@c400", 1, 1), rounds("UNFAIR_REENTRANT", 4, 4), rounds("SYNCHRONIZED", 4, 4)));
        assertEquals(List.of("@c400", "", "", "", ""), rows.stream().map(Compared::baselineLabel).toList());
        String table = ResultTable.markdown(rows);
        assertTrue(table.contains("| CNA@c400 | 4 | 12.5 | 700,000..900,000 | 2.00x (@c400) | 4.00x (@c400) |"), table);
        assertTrue(table.contains("| SYNCHRONIZED@c400 | 1 | 12.5 | 700,000..900,000 | 0.25x | 0.25x |"), table);
        assertTrue(ResultCsv.row(rows.get(0)).endsWith(",2.0000,4.0000,,,,@c400"), ResultCsv.row(rows.get(0)));
    }

    /** Of bench {@code high} at 2 threads: its pooled throughput, then each round's. */
    static Measurement rounds(String lock, double pooled, double... perRound) {
        return Measurement.of("high", lock, 2, pooled, "actions/s", 1, SPREAD)
                .withRounds(Arrays.stream(perRound).boxed().toList());
    }

    private static Measurement measurement(String bench, String lock, int threads, double throughput, double errorPercent) {
        return Measurement.of(bench, lock, threads, throughput, "actions/s", errorPercent, SPREAD);
    }
}
