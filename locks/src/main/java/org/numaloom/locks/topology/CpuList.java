package org.numaloom.locks.topology;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * The kernel's list format for sets of CPU or node ids, as in {@code /sys/devices/system/cpu/online}:
 * comma-separated ids and inclusive ranges such as {@code 0-3,8-11}, and the empty string for the
 * empty set (the cpulist of a memory-only node).
 *
 * <p>Parsing rejects anything else rather than guessing: a misread list would silently place
 * threads on the wrong node, which shows up only as lost performance.
 */
final class CpuList {
    /**
     * Far above any kernel's NR_CPUS or MAX_NUMNODES; it bounds what a corrupt range such as
     * {@code 0-9999999} can allocate.
     */
    static final int MAX_ID = (1 << 20) - 1;

    // Seven digits at most, so that every id parses as an int and only the MAX_ID check remains.
    private static final Pattern FORMAT = Pattern.compile("\\d{1,7}(-\\d{1,7})?(,\\d{1,7}(-\\d{1,7})?)*");

    private CpuList() {}

    /**
     * Returns the sorted distinct ids of a list, ignoring surrounding whitespace.
     *
     * @param file where the text came from, for the message
     * @throws TopologyException if the text is not a list of ids up to {@link #MAX_ID}
     */
    static int[] parse(String text, Path file) {
        String list = text.strip();
        if (list.isEmpty()) {
            return new int[0];
        }
        if (!FORMAT.matcher(list).matches()) {
            throw malformed(list, file);
        }
        BitSet ids = new BitSet();
        for (String range : list.split(",")) {
            int dash = range.indexOf('-');
            int first = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
            int last = dash < 0 ? first : Integer.parseInt(range.substring(dash + 1));
            if (first > last || last > MAX_ID) {
                throw malformed(list, file);
            }
            ids.set(first, last + 1);
        }
        return ids.stream().toArray();
    }

    /** Formats sorted distinct ids the way the kernel does, collapsing runs into ranges. */
    static String format(int[] ids) {
        StringJoiner list = new StringJoiner(",");
        for (int first = 0, last; first < ids.length; first = last + 1) {
            last = first;
            while (last + 1 < ids.length && ids[last + 1] == ids[last] + 1) {
                last++;
            }
            list.add(first == last ? Integer.toString(ids[first]) : ids[first] + "-" + ids[last]);
        }
        return list.toString();
    }

    private static TopologyException malformed(String list, Path file) {
        return TopologyException.inFile(file, "expected a CPU list such as 0-3,8-11 but found '" + list + "'");
    }
}
