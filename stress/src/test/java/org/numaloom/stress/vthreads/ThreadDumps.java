package org.numaloom.stress.vthreads;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A few lines out of a thread dump of thousands of virtual threads: how many threads stand at each
 * top frame, and the full stacks of the first threads that are inside the kit's lock code.
 */
final class ThreadDumps {
    private static final int STACKS_SHOWN = 4;

    private ThreadDumps() {
    }

    /** @param dump a dump in HotSpotDiagnosticMXBean's plain-text format: one block per thread */
    static String summary(String dump) {
        List<String> threads = Arrays.stream(dump.split("\\R\\R")).map(String::strip)
                .filter(block -> block.startsWith("#")).toList();
        Map<String, Long> byTopFrame = threads.stream().collect(Collectors.groupingBy(ThreadDumps::topFrame,
                LinkedHashMap::new, Collectors.counting()));
        StringBuilder summary = new StringBuilder(threads.size() + " threads; by top frame:\n");
        byTopFrame.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(8)
                .forEach(entry -> summary.append(String.format("  %6d  %s%n", entry.getValue(), entry.getKey())));
        threads.stream().filter(block -> block.contains("org.numaloom.locks")).limit(STACKS_SHOWN)
                .forEach(block -> summary.append(block).append("\n\n"));
        return summary.toString();
    }

    private static String topFrame(String block) {
        String[] lines = block.split("\\R");
        return lines.length > 1 ? lines[1].strip() : "(no frames)";
    }
}
