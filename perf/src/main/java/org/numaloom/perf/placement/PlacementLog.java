package org.numaloom.perf.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the forks' pinning checks found ({@link CarrierPinning} writes one line per carrier and
 * check): how many carriers were pinned, and whether each ran only on its planned CPUs when pinned
 * and again at the end of its trial.
 *
 * @param problems each carrier whose mask or CPU did not match its plan, named with its run
 */
public record PlacementLog(int forks, int pinned, int pinnedAsPlanned, int checkedAtEnd, int heldAtEnd,
                           List<Problem> problems) {
    /** The name of the log in a run's results directory. */
    public static final String FILE_NAME = "placement.log";
    /** The most carriers that did not hold which {@link #describe()} names; the log has them all. */
    static final int PROBLEMS_NAMED = 5;

    /** The flag that makes the forks append their checks to {@code log}. */
    public static String jvmArg(Path log) {
        return "-D" + Placement.LOG_PROPERTY + "=" + log.toAbsolutePath();
    }

    /** Reads the forks' lines; an absent file (nothing pinned) gives all zeros. */
    public static PlacementLog read(Path log) throws IOException {
        return Files.exists(log) ? of(Files.readAllLines(log)) : of(List.of());
    }

    /** Parses the forks' lines, as {@link CarrierPinning} writes them; other lines are skipped. */
    static PlacementLog of(List<String> lines) {
        Set<String> forks = new LinkedHashSet<>();
        int pinned = 0;
        int pinnedAsPlanned = 0;
        int checkedAtEnd = 0;
        int heldAtEnd = 0;
        List<Problem> problems = new ArrayList<>();
        for (String line : lines) {
            String[] words = line.trim().split(" ");
            if (words.length != 7) {
                continue;
            }
            forks.add(words[1]);
            boolean atEnd = !words[0].equals("pinned");
            String planned = value(words[3]);
            String actual = value(words[4]);
            String cpu = value(words[5]);
            boolean holds = holds(planned, actual, cpu);
            if (atEnd) {
                checkedAtEnd++;
                heldAtEnd += holds ? 1 : 0;
            } else {
                pinned++;
                pinnedAsPlanned += holds ? 1 : 0;
            }
            if (!holds) {
                problems.add(new Problem(value(words[6]), atEnd, words[2], planned, actual, cpu));
            }
        }
        return new PlacementLog(forks.size(), pinned, pinnedAsPlanned, checkedAtEnd, heldAtEnd, List.copyOf(problems));
    }

    /**
     * One sentence for the console and the report, naming the carriers that did not hold (the first
     * {@value #PROBLEMS_NAMED}).
     */
    public String describe() {
        if (pinned == 0) {
            return "no carrier was pinned";
        }
        String held = "in " + forks + " forks, " + pinnedAsPlanned + " of " + pinned
                + " carriers ran only on their planned CPUs once pinned, " + heldAtEnd + " of " + checkedAtEnd
                + " still did at the end of their trial";
        return problems.isEmpty() ? held : held + "; " + problems.size() + " did not: " + namedProblems();
    }

    /** The first {@value #PROBLEMS_NAMED} problems, and how many more the log has. */
    private String namedProblems() {
        String named = problems.stream().limit(PROBLEMS_NAMED).map(Problem::describe).collect(Collectors.joining("; "));
        int more = problems.size() - PROBLEMS_NAMED;
        return more > 0 ? named + "; and " + more + " more, in " + FILE_NAME : named;
    }

    /**
     * A carrier that did not run only on its planned CPUs, in a run (the benchmark and its
     * parameters, {@link CarrierPinning#runLabel}) once pinned or at the end of the trial. A carrier
     * with no plan ({@link CarrierPinning#NO_CPUS}) was started by the scheduler after the pinning,
     * in place of or beside the pinned ones.
     */
    public record Problem(String run, boolean atEnd, String carrier, String planned, String actual, String cpu) {
        String describe() {
            String when = atEnd ? "at the end of its trial" : "once pinned";
            String what = planned.equals(CarrierPinning.NO_CPUS)
                    ? "a carrier started after the pinning (so pinned to nothing), allowed CPUs " + actual
                    : "planned CPUs " + planned + ", allowed CPUs " + actual + ", on CPU " + cpu;
            return run + ", " + when + ", ran on " + carrier + ", " + what;
        }
    }

    private static boolean holds(String planned, String actual, String cpu) {
        return planned.equals(actual) && Arrays.asList(planned.split(",")).contains(cpu);
    }

    private static String value(String word) {
        return word.substring(word.indexOf('=') + 1);
    }
}
