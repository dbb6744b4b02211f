"""A second, non-JavaScript reading of Mailroom's WSDLs, for the contract tests.

  wsdl_tools.py schemas WSDL OUTDIR SOAPENC_XSD
      Writes each schema of the WSDL's types as OUTDIR/<n>.xsd, carrying the WSDL's namespace
      declarations, with the SOAP encoding import pointed at the local SOAPENC_XSD (ASP.NET
      imports it without a schemaLocation). Prints the file names, one a line.

  wsdl_tools.py describe WSDL SOAPENC_XSD
      Loads the WSDL with zeep, refusing any network access, and prints as JSON what zeep
      understood: per port, its binding kind and per operation the input parts and output fields.

Runs under Debian's /usr/bin/python3 with python3-zeep (and so lxml).
"""
import copy
import json
import sys

from lxml import etree

XSD = "http://www.w3.org/2001/XMLSchema"
WSDL = "http://schemas.xmlsoap.org/wsdl/"
SOAP_ENCODING = "http://schemas.xmlsoap.org/soap/encoding/"


def schemas(wsdl_path, outdir, soapenc_path):
    root = etree.parse(wsdl_path).getroot()
    names = []
    for index, schema in enumerate(root.findall(f"{{{WSDL}}}types/{{{XSD}}}schema")):
        nsmap = {**root.nsmap, **schema.nsmap}
        copy_ = etree.Element(schema.tag, attrib=dict(schema.attrib), nsmap=nsmap)
        for child in schema:
            copy_.append(copy.deepcopy(child))
        for imp in copy_.findall(f"{{{XSD}}}import"):
            if imp.get("namespace") == SOAP_ENCODING and imp.get("schemaLocation") is None:
                imp.set("schemaLocation", "file://" + soapenc_path)
        name = f"{outdir}/{index}.xsd"
        etree.ElementTree(copy_).write(name, xml_declaration=True, encoding="utf-8")
        names.append(name)
    print("\n".join(names))


def describe(wsdl_path, soapenc_path):
    import zeep
    from zeep.transports import Transport

    class LocalOnly(Transport):
        """Serves the SOAP encoding schema from disk and refuses everything else remote."""

        def load(self, url):
            if url.rstrip("/") == SOAP_ENCODING.rstrip("/"):
                with open(soapenc_path, "rb") as f:
                    return f.read()
            if url.startswith(("http:", "https:")):
                raise RuntimeError("network access refused: " + url)
            return super().load(url)

    def type_name(element):
        qname = getattr(element.type, "qname", None)
        return qname.localname if qname is not None else None

    def fields(element):
        typ = element.type
        return [[name, type_name(child)] for name, child in getattr(typ, "elements", [])]

    client = zeep.Client(wsdl_path, transport=LocalOnly())
    out = {}
    for service in client.wsdl.services.values():
        for port_name, port in service.ports.items():
            ops = {}
            for op_name, op in port.binding._operations.items():
                body_in = op.input.body
                body_out = op.output.body
                if type(port.binding).__name__.startswith("Soap"):
                    (result_name, result), = body_out.type.elements
                    output = {"element": result_name, "type": type_name(result), "fields": fields(result)}
                else:
                    output = {"element": body_out.qname.localname, "type": type_name(body_out), "fields": fields(body_out)}
                ops[op_name] = {"input": fields(body_in), "output": output}
            out[port_name] = {"binding": type(port.binding).__name__, "operations": ops}
    print(json.dumps(out))


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    {"schemas": schemas, "describe": describe}[command](*args)
