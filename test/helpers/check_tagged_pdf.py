#!/usr/bin/python3
"""Checks tagged PDFs over their raw objects (pikepdf, Debian python3-pikepdf): a named subset of
the machine-checkable conditions of PDF/UA-1 (Matterhorn Protocol 1.1 checkpoints where they map
one to one) and of the PDF/A identification our profiles claim. Not a validator: veraPDF is not
installable here; this reads what the writer is responsible for.

    /usr/bin/python3 test/helpers/check_tagged_pdf.py PROFILE FILE.pdf [FILE.pdf ...]

PROFILE is standard, accessible, archival or archival-with-data. Prints one JSON object per file:
{"file", "conditions": {id: {"ok", "checked", "problems"}}, "roles", "actualTexts", "alts"}.
"""
import json
import re
import sys

import pikepdf
from pikepdf import Array, Dictionary, Name

STANDARD_ROLES = {
    'Document', 'Part', 'Art', 'Sect', 'Div', 'BlockQuote', 'Caption', 'TOC', 'TOCI', 'Index', 'NonStruct', 'Private',
    'P', 'H', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'L', 'LI', 'Lbl', 'LBody', 'Table', 'TR', 'TH', 'TD', 'THead', 'TBody',
    'TFoot', 'Span', 'Quote', 'Note', 'Reference', 'BibEntry', 'Code', 'Link', 'Annot', 'Ruby', 'RB', 'RT', 'RP', 'Warichu',
    'WT', 'WP', 'Figure', 'Formula', 'Form',
}
PAINTING = {'Tj', 'TJ', "'", '"', 'Do', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'S', 's', 'sh', 'BI', 'INLINE IMAGE'}
# What shows something by itself; a path painting operator shows something only after a path.
SHOWING = {'Tj', 'TJ', "'", '"', 'Do', 'sh', 'BI', 'INLINE IMAGE'}
PATH = {'m', 'l', 'c', 'v', 'y', 're', 'h'}
LANGUAGE = re.compile(r'^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$')

# Condition id -> what it checks (the README lists these).
CONDITIONS = {
    'content-marked': 'Matterhorn 01-005: all page content is tagged content (MCID) or an Artifact',
    'standard-roles': 'Matterhorn 02-001: only standard structure types, no role map needed',
    'parent-tree': 'ISO 32000-1 14.7.4.4: ParentTree maps every MCID and annotation to the element that holds it',
    'content-shown': 'every marked-content sequence with an MCID shows something (text, an image, a painted path): none is an element\'s content with nothing in it',
    'mark-info': 'Matterhorn 06-001..003 / 07-001: MarkInfo /Marked true, XMP with dc:title, DisplayDocTitle true',
    'lang': 'Matterhorn 11-006: document /Lang present and well formed (and every element /Lang)',
    'figure-alt': 'Matterhorn 13-004: every Figure has a non-empty /Alt',
    'headings': 'Matterhorn 14-002/14-003: numbered headings start at H1 and skip no level',
    'table-headers': 'Matterhorn 15-003: every TH has a /Scope',
    'links': 'Matterhorn 28-011 / PDF/UA 7.18.5: each Link annotation has /Contents, /StructParent, and an OBJR in a Link element',
    'tab-order': 'PDF/UA 7.18.3: pages with annotations have /Tabs /S',
    'fonts': 'PDF/UA 7.21.4.1 / 7.21.7: every font embedded, with a ToUnicode map',
    'images': 'PDF/A-2 6.2.8: image XObjects (and soft masks) with 1, 2, 4, 8 or 16 bits per component, no /Interpolate true, no /Alternates or /OPI',
    'identification': 'XMP pdfuaid / pdfaid matching the profile; PDF/A: sRGB output intent, no encryption; archival-with-data: the RDA JSON as /AF with /AFRelationship /Data',
}


class Check:
    def __init__(self):
        self.results = {key: {'ok': True, 'checked': 0, 'problems': []} for key in CONDITIONS}

    def count(self, key, amount=1):
        self.results[key]['checked'] += amount

    def fail(self, key, problem):
        result = self.results[key]
        result['ok'] = False
        if len(result['problems']) < 20:
            result['problems'].append(problem)


def text(value):
    return str(value) if value is not None else ''


def number_tree(node, out):
    if node is None:
        return out
    if '/Nums' in node:
        nums = node.Nums
        for index in range(0, len(nums), 2):
            out[int(nums[index])] = nums[index + 1]
    for kid in node.get('/Kids', []):
        number_tree(kid, out)
    return out


def objgen(obj):
    return obj.objgen if isinstance(obj, (Dictionary, Array)) and obj.is_indirect else None


def walk_structure(pdf, check):
    """Elements in logical order; MCID -> element and annotation -> element maps."""
    elements = []
    mcids = {}
    objrs = {}

    def visit(element, page, depth):
        if depth > 200:
            return
        role = text(element.get('/S')).lstrip('/')
        elements.append((role, element))
        page = element.get('/Pg', page)
        kids = element.get('/K')
        if kids is None:
            return
        if not isinstance(kids, Array):
            kids = [kids]
        for kid in kids:
            if isinstance(kid, int):
                mcids[(objgen(page), int(kid))] = element
            elif isinstance(kid, Dictionary):
                kind = text(kid.get('/Type'))
                if kind == '/MCR':
                    mcids[(objgen(kid.get('/Pg', page)), int(kid.MCID))] = element
                elif kind == '/OBJR':
                    objrs[objgen(kid.Obj)] = element
                else:
                    visit(kid, page, depth + 1)

    root = pdf.Root.get('/StructTreeRoot')
    if root is None:
        return None, elements, mcids, objrs
    kids = root.get('/K')
    for kid in (kids if isinstance(kids, Array) else [kids] if kids is not None else []):
        visit(kid, None, 0)
    return root, elements, mcids, objrs


def check_content(pdf, check, mcids, parent_tree):
    for page_number, page in enumerate(pdf.pages, start=1):
        stack = []
        # Per open sequence: its MCID (None: an artifact or other marked content), whether it showed something.
        sequences = []
        page_mcids = []
        path = False
        for operands, operator in pikepdf.parse_content_stream(page):
            op = str(operator)
            if op in ('BDC', 'BMC'):
                tag = text(operands[0]).lstrip('/')
                mcid = None
                if op == 'BDC' and isinstance(operands[1], Dictionary) and '/MCID' in operands[1]:
                    mcid = int(operands[1].MCID)
                    page_mcids.append(mcid)
                stack.append(tag == 'Artifact' or mcid is not None)
                sequences.append([mcid, False])
            elif op == 'EMC':
                if stack:
                    stack.pop()
                    mcid, shown = sequences.pop()
                    if mcid is not None:
                        check.count('content-shown')
                        if not shown:
                            check.fail('content-shown', f'page {page_number}: MCID {mcid} shows nothing')
                else:
                    check.fail('content-marked', f'page {page_number}: EMC without BDC/BMC')
            elif op in PATH:
                path = True
            if op in PAINTING:
                check.count('content-marked')
                if not any(stack):
                    check.fail('content-marked', f'page {page_number}: {op} outside tagged content and artifacts')
                if sequences and (op in SHOWING or path):
                    sequences[-1][1] = True
                path = False
            elif op == 'n':
                path = False
        if stack:
            check.fail('content-marked', f'page {page_number}: marked content left open at the end of the page')
        key = page.obj.get('/StructParents')
        if page_mcids and key is None:
            check.fail('parent-tree', f'page {page_number}: marked content but no /StructParents')
            continue
        parents = parent_tree.get(int(key)) if key is not None else None
        for mcid in page_mcids:
            check.count('parent-tree')
            owner = mcids.get((page.obj.objgen, mcid))
            if owner is None:
                check.fail('parent-tree', f'page {page_number}: MCID {mcid} belongs to no structure element')
            elif parents is None or mcid >= len(parents) or objgen(parents[mcid]) != owner.objgen:
                check.fail('parent-tree', f'page {page_number}: ParentTree entry of MCID {mcid} does not name its element')


def check_annotations(pdf, check, objrs, parent_tree):
    for page_number, page in enumerate(pdf.pages, start=1):
        annots = page.obj.get('/Annots', [])
        if len(annots) > 0:
            check.count('tab-order')
            if text(page.obj.get('/Tabs')) != '/S':
                check.fail('tab-order', f'page {page_number}: annotations but no /Tabs /S')
        for annot in annots:
            if text(annot.get('/Subtype')) != '/Link':
                continue
            check.count('links')
            where = f'page {page_number}: link annotation {annot.objgen[0]}'
            if not text(annot.get('/Contents')).strip():
                check.fail('links', f'{where} has no /Contents')
            owner = objrs.get(annot.objgen)
            if owner is None or text(owner.get('/S')) != '/Link':
                check.fail('links', f'{where} is not referenced (OBJR) by a Link element')
            key = annot.get('/StructParent')
            if key is None:
                check.fail('links', f'{where} has no /StructParent')
            elif owner is not None and objgen(parent_tree.get(int(key))) != owner.objgen:
                check.fail('parent-tree', f'{where}: ParentTree entry {int(key)} does not name its Link element')


def check_elements(elements, check, document_lang, results):
    last_heading = 0
    for role, element in elements:
        check.count('standard-roles')
        if role not in STANDARD_ROLES:
            check.fail('standard-roles', f'non-standard structure type {role}')
        lang = element.get('/Lang')
        if lang is not None:
            check.count('lang')
            if not LANGUAGE.match(text(lang)):
                check.fail('lang', f'{role} has a malformed /Lang {text(lang)!r}')
        if role == 'Figure':
            check.count('figure-alt')
            alt = text(element.get('/Alt')).strip() or text(element.get('/ActualText')).strip()
            if not alt:
                check.fail('figure-alt', 'a Figure without /Alt')
            results['alts'].append(alt)
        if re.fullmatch(r'H[1-6]', role):
            check.count('headings')
            level = int(role[1])
            if last_heading == 0 and level != 1:
                check.fail('headings', f'the first heading is {role}, not H1')
            elif level > last_heading + 1:
                check.fail('headings', f'H{last_heading} is followed by {role}')
            last_heading = level
        if role == 'TH':
            check.count('table-headers')
            attributes = element.get('/A')
            attributes = list(attributes) if isinstance(attributes, Array) else [attributes] if attributes is not None else []
            if not any(isinstance(a, Dictionary) and '/Scope' in a for a in attributes):
                check.fail('table-headers', 'a TH without /Scope')
        if '/ActualText' in element:
            results['actualTexts'].append(text(element.ActualText))
        results['roles'][role] = results['roles'].get(role, 0) + 1


def check_fonts(pdf, check):
    seen = set()
    for page in pdf.pages:
        fonts = page.obj.get('/Resources', {}).get('/Font', {})
        for name in fonts.keys():
            font = fonts[name]
            if font.objgen in seen:
                continue
            seen.add(font.objgen)
            check.count('fonts')
            base = text(font.get('/BaseFont'))
            descriptor = font.DescendantFonts[0].get('/FontDescriptor') if '/DescendantFonts' in font else font.get('/FontDescriptor')
            if descriptor is None or not any(key in descriptor for key in ('/FontFile', '/FontFile2', '/FontFile3')):
                check.fail('fonts', f'{base} is not embedded')
            if '/ToUnicode' not in font:
                check.fail('fonts', f'{base} has no ToUnicode map')


def check_images(pdf, check):
    seen = set()

    def visit(image, where):
        if image.objgen in seen:
            return
        seen.add(image.objgen)
        check.count('images')
        bits = int(image.get('/BitsPerComponent', 8))
        if bits not in (1, 2, 4, 8, 16):
            check.fail('images', f'{where}: {bits} bits per component')
        if bool(image.get('/Interpolate', False)):
            check.fail('images', f'{where}: /Interpolate true')
        for key in ('/Alternates', '/OPI'):
            if key in image:
                check.fail('images', f'{where}: {key}')
        if '/SMask' in image:
            visit(image.SMask, f'{where} soft mask')

    for page_number, page in enumerate(pdf.pages, start=1):
        xobjects = page.obj.get('/Resources', {}).get('/XObject', {})
        for name in xobjects.keys():
            if text(xobjects[name].get('/Subtype')) == '/Image':
                visit(xobjects[name], f'page {page_number} image {name}')


def check_identification(pdf, check, profile):
    with pdf.open_metadata() as meta:
        part_a = meta.get('{http://www.aiim.org/pdfa/ns/id/}part')
        conformance = meta.get('{http://www.aiim.org/pdfa/ns/id/}conformance')
        part_ua = meta.get('{http://www.aiim.org/pdfua/ns/id/}part')
        title = meta.get('dc:title')
    info_title = text(pdf.docinfo.get('/Title')) if pdf.docinfo is not None else ''
    check.count('mark-info')
    if profile != 'standard' and not title:
        check.fail('mark-info', 'XMP has no dc:title')
    if title and info_title and title != info_title:
        check.fail('mark-info', f'XMP dc:title {title!r} differs from Info /Title {info_title!r}')
    check.count('identification')
    wanted_a = {'archival': ('2', 'A'), 'archival-with-data': ('3', 'A')}.get(profile)
    wanted_ua = profile != 'standard'
    if wanted_ua and part_ua != '1':
        check.fail('identification', f'pdfuaid:part is {part_ua!r}, not 1')
    if not wanted_ua and part_ua:
        check.fail('identification', f'claims PDF/UA (pdfuaid:part {part_ua}) in the standard profile')
    if wanted_a:
        if (part_a, conformance) != wanted_a:
            check.fail('identification', f'pdfaid is {part_a}{conformance}, not {wanted_a[0]}{wanted_a[1]}')
        if pdf.is_encrypted:
            check.fail('identification', 'PDF/A must not be encrypted')
        intents = pdf.Root.get('/OutputIntents', [])
        if not any(text(i.get('/S')) == '/GTS_PDFA1' and '/DestOutputProfile' in i for i in intents):
            check.fail('identification', 'no GTS_PDFA1 output intent with an ICC profile')
    elif part_a:
        check.fail('identification', f'claims PDF/A-{part_a}{conformance} in profile {profile}')
    files = pdf.Root.get('/AF', [])
    if profile == 'archival-with-data':
        data = [f for f in files if text(f.get('/AFRelationship')) == '/Data']
        if len(data) != 1:
            check.fail('identification', f'{len(data)} associated files with /AFRelationship /Data, not 1')
        else:
            stream = data[0].EF.F
            if text(stream.get('/Subtype')) != '/application/json':
                check.fail('identification', f'the data file has /Subtype {text(stream.get("/Subtype"))}, not application/json')
            try:
                json.loads(stream.read_bytes())
            except ValueError:
                check.fail('identification', 'the data file is not JSON')
    elif len(files) > 0:
        check.fail('identification', f'{len(files)} associated files in profile {profile}')


def check_file(path, profile):
    check = Check()
    results = {'file': path, 'roles': {}, 'actualTexts': [], 'alts': []}
    with pikepdf.open(path) as pdf:
        root = pdf.Root
        check.count('mark-info')
        if not root.get('/MarkInfo', {}).get('/Marked', False):
            check.fail('mark-info', 'Catalog /MarkInfo /Marked is not true')
        if '/Metadata' not in root:
            check.fail('mark-info', 'no XMP metadata stream')
        if not root.get('/ViewerPreferences', {}).get('/DisplayDocTitle', False):
            check.fail('mark-info', 'ViewerPreferences /DisplayDocTitle is not true')
        document_lang = text(root.get('/Lang'))
        check.count('lang')
        if not LANGUAGE.match(document_lang):
            check.fail('lang', f'document /Lang is {document_lang!r}')
        struct_root, elements, mcids, objrs = walk_structure(pdf, check)
        if struct_root is None:
            check.fail('parent-tree', 'no StructTreeRoot')
            parent_tree = {}
        else:
            parent_tree = number_tree(struct_root.get('/ParentTree'), {})
        check_content(pdf, check, mcids, parent_tree)
        check_annotations(pdf, check, objrs, parent_tree)
        check_elements(elements, check, document_lang, results)
        check_fonts(pdf, check)
        check_images(pdf, check)
        check_identification(pdf, check, profile)
    results['conditions'] = check.results
    return results


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    profile = sys.argv[1]
    for path in sys.argv[2:]:
        print(json.dumps(check_file(path, profile), ensure_ascii=False))


if __name__ == '__main__':
    main()
