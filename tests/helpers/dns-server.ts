// A real DNS server on 127.0.0.1 (UDP, free port) whose records a test changes while it runs;
// the app under test is pointed at it with DNS_SERVERS=127.0.0.1:<port>.
import dns2 from "dns2";

const { Packet } = dns2;

export interface TestDnsServer {
  address: string;
  setCname(name: string, target: string): void;
  setA(name: string, ip: string): void;
  /** TXT record(s) of a name, e.g. `_hop-challenge.<domain>`; an empty list removes them. */
  setTxt(name: string, values: string[]): void;
  remove(name: string): void;
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const cnames = new Map<string, string>();
  const as = new Map<string, string>();
  const txts = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = String(question.name).toLowerCase();
      if (question.type === Packet.TYPE.CNAME && cnames.has(name)) {
        response.answers.push({ name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 1, domain: cnames.get(name)! } as never);
      } else if (question.type === Packet.TYPE.A && as.has(name)) {
        response.answers.push({ name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 1, address: as.get(name)! } as never);
      } else if (question.type === Packet.TYPE.TXT && txts.has(name)) {
        for (const data of txts.get(name)!) response.answers.push({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data } as never);
      }
      send(response);
    },
  });
  const addresses = (await server.listen({ udp: { port: 0, address: "127.0.0.1" } })) as { udp: { port: number } };
  return {
    address: `127.0.0.1:${addresses.udp.port}`,
    setCname: (name, target) => void cnames.set(name.toLowerCase(), target),
    setA: (name, ip) => void as.set(name.toLowerCase(), ip),
    setTxt: (name, values) => void (values.length ? txts.set(name.toLowerCase(), values) : txts.delete(name.toLowerCase())),
    remove: (name) => void (cnames.delete(name.toLowerCase()), as.delete(name.toLowerCase()), txts.delete(name.toLowerCase())),
    close: () => server.close(),
  };
}
