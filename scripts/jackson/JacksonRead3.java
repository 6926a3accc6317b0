import java.io.File;
import java.nio.file.Files;
import java.util.List;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Decodes JSON files with Jackson 3 (Spring Boot 4's Jackson, OpenCDMP 1.3's stack). The first
 * argument says which mapper, a comma list: "defaults" (`JsonMapper.builder().build()`: java.time
 * built in, instants written as ISO-8601 strings, unknown properties ignored, enums read by
 * toString), "strict" (FAIL_ON_UNKNOWN_PROPERTIES enabled again, as a backend that keeps 1.2's
 * strictness), "enum-values" (READ_ENUMS_USING_TO_STRING disabled, so common-models' numeric
 * @JsonValue enums read as in Jackson 2). Then OUT_DIR and CLASS=FILE pairs, as
 * JacksonRead2: prints "OK|FAILED class file [error]", writes `sent-FILE` (as Jackson 3 sends it)
 * and `iso-FILE`; exit status 1 when any file failed.
 */
public class JacksonRead3 {
  public static void main(String[] args) throws Exception {
    List<String> options = List.of(args[0].split(","));
    JsonMapper.Builder builder = JsonMapper.builder();
    if (options.contains("strict")) builder.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    if (options.contains("enum-values")) builder.disable(EnumFeature.READ_ENUMS_USING_TO_STRING);
    JsonMapper mapper = builder.build();
    JsonMapper iso = JsonMapper.builder().disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    File out = new File(args[1]);
    boolean failed = false;
    for (int i = 2; i < args.length; i++) {
      String[] pair = args[i].split("=", 2);
      File file = new File(pair[1]);
      try {
        Object value = mapper.readValue(file, Class.forName(pair[0]));
        Files.writeString(new File(out, "sent-" + file.getName()).toPath(), mapper.writeValueAsString(value));
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
