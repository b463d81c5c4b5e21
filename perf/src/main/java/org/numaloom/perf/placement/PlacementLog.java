package org.numaloom.perf.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the forks' pinning checks found ({@link CarrierPinning} writes one line per carrier and
 * check): how many carriers were pinned, and whether each ran only on its planned CPUs when pinned
 * and again at the end of its trial.
 *
 * @param problems one line per carrier whose mask or CPU did not match its plan
 */
public record PlacementLog(int forks, int pinned, int pinnedAsPlanned, int checkedAtEnd, int heldAtEnd,
                           List<String> problems) {

    /** The flag that makes the forks append their checks to {@code log}. */
    public static String jvmArg(Path log) {
        return "-D" + Placement.LOG_PROPERTY + "=" + log.toAbsolutePath();
    }

    /** Reads the forks' lines; an absent file (nothing pinned) gives all zeros. */
    public static PlacementLog read(Path log) throws IOException {
        return Files.exists(log) ? of(Files.readAllLines(log)) : of(List.of());
    }

    static PlacementLog of(List<String> lines) {
        Set<String> forks = new LinkedHashSet<>();
        int pinned = 0;
        int pinnedAsPlanned = 0;
        int checkedAtEnd = 0;
        int heldAtEnd = 0;
        List<String> problems = new ArrayList<>();
        for (String line : lines) {
            String[] words = line.trim().split(" ");
            if (words.length != 6) {
                continue;
            }
            forks.add(words[1]);
            boolean holds = holds(value(words[3]), value(words[4]), value(words[5]));
            if (words[0].equals("pinned")) {
                pinned++;
                pinnedAsPlanned += holds ? 1 : 0;
            } else {
                checkedAtEnd++;
                heldAtEnd += holds ? 1 : 0;
            }
            if (!holds) {
                problems.add(line.trim());
            }
        }
        return new PlacementLog(forks.size(), pinned, pinnedAsPlanned, checkedAtEnd, heldAtEnd, List.copyOf(problems));
    }

    /** One sentence for the console and the report. */
    public String describe() {
        if (pinned == 0) {
            return "no carrier was pinned";
        }
        return "in " + forks + " forks, " + pinnedAsPlanned + " of " + pinned
                + " carriers ran only on their planned CPUs once pinned, " + heldAtEnd + " of " + checkedAtEnd
                + " still did at the end of their trial" + (problems.isEmpty() ? "" : "; " + problems.size() + " did not");
    }

    private static boolean holds(String planned, String actual, String cpu) {
        return planned.equals(actual) && Arrays.asList(planned.split(",")).contains(cpu);
    }

    private static String value(String word) {
        return word.substring(word.indexOf('=') + 1);
    }
}
