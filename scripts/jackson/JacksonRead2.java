import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.File;
import java.nio.file.Files;

/**
 * Decodes JSON files as the OpenCDMP 1.2 backend does: Jackson 2 with
 * `new ObjectMapper().registerModule(new JavaTimeModule())` (unknown properties fail). Arguments:
 * OUT_DIR then CLASS=FILE pairs. Per file it prints "OK|FAILED class file [error]", and writes to
 * OUT_DIR the value as this mapper sends it (`sent-FILE`, instants as epoch seconds) and with ISO
 * instants (`iso-FILE`, to compare what was read). Exit status 1 when any file failed.
 */
public class JacksonRead2 {
  public static void main(String[] args) throws Exception {
    ObjectMapper backend = new ObjectMapper().registerModule(new JavaTimeModule());
    ObjectMapper iso = new ObjectMapper().registerModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    File out = new File(args[0]);
    boolean failed = false;
    for (int i = 1; i < args.length; i++) {
      String[] pair = args[i].split("=", 2);
      File file = new File(pair[1]);
      try {
        Object value = backend.readValue(file, Class.forName(pair[0]));
        Files.writeString(new File(out, "sent-" + file.getName()).toPath(), backend.writeValueAsString(value));
        Files.writeString(new File(out, "iso-" + file.getName()).toPath(), iso.writeValueAsString(value));
        System.out.println("OK\t" + pair[0] + "\t" + file.getName());
      } catch (Exception e) {
        failed = true;
        System.out.println("FAILED\t" + pair[0] + "\t" + file.getName() + "\t" + e.getMessage().split("\n")[0]);
      }
    }
    System.exit(failed ? 1 : 0);
  }
}
